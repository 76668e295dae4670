/**
 * Several app processes on one Postgres database: a sign-out or password reset through one process ends
 * the session on every other one. Postgres only: SQLite runs as a single process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "../test/harness";
import { bindModels } from "../db";
import { buildUser, TEST_PASSWORD } from "../test/factories";
import { startAppProcess, type AppProcess } from "../test/processes";
import type { User } from "../models/User";

const SECRET = "multi-process-secret-multi-process-secret";

describe.skipIf(!onPostgres)("sessions across app processes (Postgres)", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: AppProcess;
  let b: AppProcess;
  let user: User;

  beforeAll(async () => {
    db = await freshDatabase();
    bindModels(db.knex);
    user = await buildUser();
    const env = { DATABASE_URL: db.url!, SESSION_SECRET: SECRET };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  const call = (p: AppProcess, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(p.baseUrl + path, {
      method: body ? "POST" : "GET",
      headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const whoIs = async (p: AppProcess, headers: Record<string, string>) =>
    ((await (await call(p, "/api/auth/user", headers)).json()) as { user: { id: number } | null }).user?.id ?? null;

  it("a cookie signed out through one process is anonymous on the other", async () => {
    const signin = await call(a, "/api/auth/signin", {}, { username: user.email, password: TEST_PASSWORD });
    expect(signin.status).toBe(200);
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await whoIs(b, { cookie })).toBe(user.id);

    expect((await call(b, "/api/auth/signout", { cookie })).status).toBe(200);
    expect(await whoIs(a, { cookie })).toBeNull();
    expect(await whoIs(b, { cookie })).toBeNull();
  });

  it("a Bearer token signed out through one process is anonymous on the other", async () => {
    const signin = await call(b, "/api/auth/signin", { "x-session-transport": "bearer" }, { username: user.email, password: TEST_PASSWORD });
    const { token } = (await signin.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect(await whoIs(a, auth)).toBe(user.id);
    expect((await call(a, "/api/auth/signout", auth)).status).toBe(200);
    expect(await whoIs(b, auth)).toBeNull();
  });
});
