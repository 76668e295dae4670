/**
 * Several app processes on one Postgres database: an event published through any of them reaches
 * the admin event streams connected to the others (LISTEN/NOTIFY), and a lost LISTEN connection
 * is reopened. Postgres only: SQLite runs as a single process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "../test/harness";
import { bindModels } from "../db";
import { buildAdmin, buildUser } from "../test/factories";
import { issueToken } from "../auth/session";
import { openEventStream, type SseConnection } from "../test/sse";
import { startAppProcess, type AppProcess } from "../test/processes";
import { publishAdminEvent } from "./adminEvents";
import type { User } from "../models/User";

const SECRET = "multi-process-secret-multi-process-secret";
const DELIVERY_TIMEOUT_MS = 5000;

describe.skipIf(!onPostgres)("admin events across app processes (Postgres)", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: AppProcess;
  let b: AppProcess;
  let admin: User;
  let applicant: User;
  const streams: SseConnection[] = [];
  const bearer = async (u: User) => ({ authorization: `Bearer ${(await issueToken(u.id, SECRET))!.token}` });
  const connect = async (p: AppProcess) => {
    const s = await openEventStream(`${p.baseUrl}/api/admin/events`, await bearer(admin));
    streams.push(s);
    expect(s.status).toBe(200);
    await s.next({ comments: true }); // ": connected"
    return s;
  };

  beforeAll(async () => {
    db = await freshDatabase();
    bindModels(db.knex);
    admin = await buildAdmin();
    applicant = await buildUser({ name: "Casey Applicant" });
    const env = { DATABASE_URL: db.url!, SESSION_SECRET: SECRET };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    streams.forEach((s) => s.close());
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it("a host application filed through one process reaches a stream connected to the other", async () => {
    const onB = await connect(b);
    const res = await fetch(`${a.baseUrl}/api/chapter_host_application`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await bearer(applicant)) },
      body: JSON.stringify({ city: "Bozeman", state: "mt", type: "drinking", reason: "Montana needs a chapter" }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const filed = (await res.json()) as { slug?: string };
    const frame = await onB.next({ timeoutMs: DELIVERY_TIMEOUT_MS });
    const data = JSON.parse(frame.data);
    expect(data.type).toBe("host_application_created");
    expect(frame.id).toBe(String(data.id));
    if (filed.slug) expect(data.path).toBe(`/admin/chapter_host_applications/${filed.slug}`);
  });

  it("an event published by a third process reaches streams on both", async () => {
    const onA = await connect(a);
    const onB = await connect(b);
    const event = await publishAdminEvent("alias_rate_limited", { title: "Alias rate limit", body: "Mailgun asked us to slow down", path: "/admin/email" });
    for (const s of [onA, onB]) {
      const frame = await s.next({ timeoutMs: DELIVERY_TIMEOUT_MS });
      expect(JSON.parse(frame.data)).toEqual({
        id: event.id,
        type: "alias_rate_limited",
        title: "Alias rate limit",
        body: "Mailgun asked us to slow down",
        path: "/admin/email",
      });
    }
  });

  it("reopens a lost LISTEN connection and catches up on what was published meanwhile", async () => {
    const onB = await connect(b);
    const killed = await db.knex.raw(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()",
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    const event = await publishAdminEvent("host_application_created", { title: "After reconnect", body: "", path: "/admin/chapter_host_applications" });
    let frame = await onB.next({ timeoutMs: 15_000 });
    while (frame.id !== String(event.id)) frame = await onB.next({ timeoutMs: 15_000 });
    expect(JSON.parse(frame.data).title).toBe("After reconnect");
  }, 30_000);

  it("a process shutting down ends its streams instead of waiting for them", async () => {
    const c = await startAppProcess({ DATABASE_URL: db.url!, SESSION_SECRET: SECRET });
    try {
      const onC = await connect(c);
      const exited = new Promise<number | null>((resolve) => c.child.once("exit", resolve));
      c.child.kill("SIGTERM");
      await expect(onC.next({ timeoutMs: 10_000 })).rejects.toThrow("event stream ended");
      expect(await exited).toBe(0);
    } finally {
      await c.stop();
    }
  }, 60_000);
});
