import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../test/harness";
import { TEST_PASSWORD } from "../test/factories";
import { ALL_PERSONAS, type Personas } from "../test/access";
import { SAMPLE_NOTICE, withAdminStream } from "../test/adminStream";
import { publishAdminEvent } from "../events/adminEvents";

const stream = withAdminStream();
const { connect } = stream;
let t: TestApp;
let who: Personas;
beforeAll(() => {
  ({ t, who } = stream);
});
const notice = SAMPLE_NOTICE;

describe("GET /api/admin/events", () => {
  it("is open to admins and field organizers only", async () => {
    for (const name of ALL_PERSONAS) {
      const as = name === "anonymous" ? null : who[name];
      const conn = await connect(as);
      const expected = name === "anonymous" ? 401 : name === "admin" || name === "fieldOrganizer" ? 200 : 403;
      expect(conn.status, name).toBe(expected);
      if (expected === 200) expect(conn.headers.get("content-type")).toMatch(/^text\/event-stream/);
      conn.close();
    }
  });

  it("pushes a published event as `event: notice` with the row id and the notice fields", async () => {
    const conn = await connect(who.admin);
    const fo = await connect(who.fieldOrganizer);
    await conn.next({ comments: true }); // connected
    const event = await publishAdminEvent("host_application_created", { ...notice, secret: "not sent" });
    const frame = await conn.next();
    expect(frame.event).toBe("notice");
    expect(frame.id).toBe(String(event.id));
    expect(JSON.parse(frame.data)).toEqual({ id: event.id, type: "host_application_created", ...notice });
    const foFrame = await fo.next();
    expect(JSON.parse(foFrame.data).id).toBe(event.id);
    conn.close();
    fo.close();
  });

  it("replays newer rows after Last-Event-ID, oldest first, then continues live", async () => {
    const a = await publishAdminEvent("alias_rate_limited", { title: "Alias warning", body: "Rate limited", path: "/admin/email" });
    const b = await publishAdminEvent("host_application_created", notice);
    const conn = await connect(who.admin, { "last-event-id": String(a.id - 1) });
    expect((await conn.next()).id).toBe(String(a.id));
    expect((await conn.next()).id).toBe(String(b.id));
    const c = await publishAdminEvent("host_application_created", notice);
    expect((await conn.next()).id).toBe(String(c.id));
    conn.close();

    const fromQuery = await connect(who.admin, {}, `?lastEventId=${b.id}`);
    expect((await fromQuery.next()).id).toBe(String(c.id));
    fromQuery.close();
  });

  it("without Last-Event-ID sends only events published after connecting", async () => {
    await publishAdminEvent("host_application_created", { ...notice, title: "old" });
    const conn = await connect(who.admin);
    await conn.next({ comments: true });
    const fresh = await publishAdminEvent("host_application_created", { ...notice, title: "fresh" });
    const frame = await conn.next();
    expect(JSON.parse(frame.data)).toMatchObject({ id: fresh.id, title: "fresh" });
    conn.close();
  });

  it("sends keep-alive comments on an idle stream", async () => {
    const conn = await connect(who.admin);
    await conn.next({ comments: true }); // connected
    await conn.next({ comments: true, timeoutMs: 10_000 }); // keep-alive
    conn.close();
  });

  it("accepts the session cookie of a browser", async () => {
    const signin = await t.request("POST", "/api/auth/signin", { body: { username: who.admin.email, password: TEST_PASSWORD } });
    const cookie = (signin.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toMatch(/ch_session=/);
    const conn = await connect(null, { cookie });
    expect(conn.status).toBe(200);
    conn.close();
  });
});
