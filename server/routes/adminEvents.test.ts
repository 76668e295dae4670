import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildPersonas, TEST_PASSWORD } from "../test/factories";
import { ALL_PERSONAS, type Personas } from "../test/access";
import { openEventStream, type SseConnection } from "../test/sse";
import { publishAdminEvent } from "../events/adminEvents";
import { AdminEvent } from "../models/AdminEvent";

let t: TestApp;
let who: Personas;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EVENTS_KEEPALIVE_MS: "300" });
  who = await buildPersonas(await buildChapter());
});
afterAll(async () => {
  open.forEach((c) => c.close());
  await t.close();
});

async function connect(as: { id: number } | null, headers: Record<string, string> = {}) {
  const conn = await openEventStream(`${t.baseUrl}/api/admin/events`, { ...(as ? { authorization: `Bearer ${await t.tokenFor(as)}` } : {}), ...headers });
  open.push(conn);
  return conn;
}

const notice = { title: "New host application", body: "Pat Plain wants to start a chapter in Austin, TX", path: "/admin/chapter_host_applications/austin_1" };

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

    const fromQuery = await openEventStream(`${t.baseUrl}/api/admin/events?lastEventId=${b.id}`, { authorization: `Bearer ${await t.tokenFor(who.admin)}` });
    open.push(fromQuery);
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

  it("delivers events written in a transaction only once it commits, and never a rolled-back one", async () => {
    const conn = await connect(who.admin);
    await conn.next({ comments: true });
    await AdminEvent.transaction(async (trx) => {
      await publishAdminEvent("host_application_created", { ...notice, title: "rolled back" }, trx);
      throw new Error("roll back");
    }).catch(() => {});
    const committed = await AdminEvent.transaction((trx) => publishAdminEvent("host_application_created", { ...notice, title: "committed" }, trx));
    const frame = await conn.next();
    expect(JSON.parse(frame.data)).toMatchObject({ id: committed.id, title: "committed" });
    conn.close();
  });

  it.skipIf(!onPostgres)("delivers a row that commits after a higher id (concurrent transactions)", async () => {
    const conn = await connect(who.admin);
    await conn.next({ comments: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedP = new Promise<void>((resolve) => (inserted = resolve));
    const slow = AdminEvent.transaction(async (trx) => {
      const e = await publishAdminEvent("host_application_created", { ...notice, title: "slow" }, trx);
      inserted();
      await held;
      return e;
    });
    await insertedP;
    const quick = await publishAdminEvent("host_application_created", { ...notice, title: "quick" });
    const first = await conn.next();
    expect(JSON.parse(first.data)).toMatchObject({ id: quick.id, title: "quick" });
    release();
    const late = await slow;
    expect(late.id).toBeLessThan(quick.id);
    const second = await conn.next();
    expect(JSON.parse(second.data)).toMatchObject({ id: late.id, title: "slow" });
    const after = await publishAdminEvent("host_application_created", { ...notice, title: "after" });
    expect(JSON.parse((await conn.next()).data).id).toBe(after.id);
    conn.close();
  });

  it("does not hold back later events behind a rolled-back insert", async () => {
    const conn = await connect(who.admin);
    await conn.next({ comments: true });
    await AdminEvent.transaction(async (trx) => {
      await publishAdminEvent("host_application_created", { ...notice, title: "gone" }, trx);
      throw new Error("roll back");
    }).catch(() => {});
    for (const title of ["one", "two"]) {
      const e = await publishAdminEvent("host_application_created", { ...notice, title });
      expect(JSON.parse((await conn.next()).data)).toMatchObject({ id: e.id, title });
    }
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
