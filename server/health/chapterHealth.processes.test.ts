/**
 * Two app processes on one Postgres database run the daily health job at once (each starts one when it starts,
 * and more are queued, as after restarts): every at-risk chapter's hosts get one email and one activity item,
 * every dormant chapter leaves the map once with one admin notice, and one next run is scheduled. Postgres only:
 * SQLite runs as a single process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bindModels } from "../db";
import { freshDatabase, onPostgres } from "../test/harness";
import { buildAdmin, buildChapter, buildHost } from "../test/factories";
import { issueToken } from "../auth/session";
import type { ChapterHealthRow } from "../contracts/chapterHealth";
import type { Chapter } from "../models/Chapter";
import { startAppProcess, type AppProcess } from "../test/processes";
import { JOB_HEALTH_DAILY, JOB_HEALTH_MAIL_HOSTS } from "./sweep";

const SECRET = "health-processes-secret-health-processes";
const DAY = 86_400_000;
const AT_RISK = 12;
const DORMANT = 12;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)("the daily health job in two app processes (Postgres)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-health-"));
  const processes: AppProcess[] = [];
  let db: Awaited<ReturnType<typeof freshDatabase>>;

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop().catch(() => {})));
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("tells each person once and takes each dormant chapter off the map once", async () => {
    db = await freshDatabase();
    bindModels(db.knex);
    const knex = db.knex;
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const atRisk: Chapter[] = [];
    const dormant: Chapter[] = [];
    for (let i = 0; i < AT_RISK; i++) {
      const c = await buildChapter({ createdAt: ago(45) });
      await buildHost(c);
      atRisk.push(c);
    }
    for (let i = 0; i < DORMANT; i++) {
      const c = await buildChapter({ createdAt: ago(70) });
      await buildHost(c);
      dormant.push(c);
    }
    const quiet = await buildChapter({ createdAt: ago(3) });
    await buildHost(quiet);
    // Runs left over from earlier starts, all due now.
    const now = new Date().toISOString();
    await knex("jobs").insert(
      Array.from({ length: 4 }, () => ({
        type: JOB_HEALTH_DAILY,
        payload: "{}",
        status: "pending",
        attempts: 0,
        maxAttempts: 20,
        runAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );

    const env = { DATABASE_URL: db.url!, DATA_DIR: dataDir, SESSION_SECRET: SECRET, RUN_JOBS: "true" };
    processes.push(...(await Promise.all([startAppProcess(env), startAppProcess(env)])));

    const busy = async () =>
      Number(
        (await knex("jobs")
          .whereIn("type", [JOB_HEALTH_DAILY, JOB_HEALTH_MAIL_HOSTS])
          .whereIn("status", ["pending", "running"])
          .where("runAt", "<=", new Date().toISOString())
          .count("* as n")
          .first())!.n,
      );
    const until = Date.now() + 60_000;
    await sleep(500);
    while ((await busy()) > 0) {
      if (Date.now() > until) throw new Error("the health jobs did not finish within a minute");
      await sleep(200);
    }
    // Every queued run ran (the processes add none while one waits).
    expect((await knex("jobs").where({ type: JOB_HEALTH_DAILY, status: "done" })).length).toBe(4);

    const notices = await knex("chapterHealthNotices").select("chapterId", "kind");
    expect(
      notices
        .filter((n) => n.kind === "at_risk")
        .map((n) => n.chapterId)
        .sort(),
    ).toEqual(atRisk.map((c) => c.id).sort());
    expect(
      notices
        .filter((n) => n.kind === "dormant")
        .map((n) => n.chapterId)
        .sort(),
    ).toEqual(dormant.map((c) => c.id).sort());

    const items = await knex("activityFeedItems").where({ type: "chapter_health" }).select("chapterId", "title");
    expect(items).toHaveLength(AT_RISK + DORMANT);
    expect(new Set(items.map((i) => i.chapterId)).size).toBe(AT_RISK + DORMANT);
    expect(items.filter((i) => i.title.endsWith(" has not emailed its list for 6 weeks: at risk"))).toHaveLength(AT_RISK);

    const statuses = await knex("chapters").select("id", "status");
    const statusOf = new Map(statuses.map((r) => [r.id, Number(r.status)]));
    expect(dormant.every((c) => statusOf.get(c.id) === 0)).toBe(true);
    expect([...atRisk, quiet].every((c) => statusOf.get(c.id) === 1)).toBe(true);
    expect(Number((await knex("adminEvents").where({ type: "chapter_dormant" }).count("* as n").first())!.n)).toBe(DORMANT);

    // One email per at-risk host, in the outbox the two processes share.
    const outbox = path.join(dataDir, "outbox");
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes("chapter-health")) : [];
    expect(mails).toHaveLength(AT_RISK);
    // One next run, whichever process scheduled it.
    const next = await knex("jobs").where({ type: JOB_HEALTH_DAILY, status: "pending" });
    expect(next).toHaveLength(1);
    expect(Date.parse(next[0].runAt)).toBeGreaterThan(Date.now());

    // The table kept by one process sees a chapter re-enabled through the other at once.
    const admin = await buildAdmin();
    const headers = { authorization: `Bearer ${(await issueToken(admin.id, SECRET))!.token}`, "content-type": "application/json" };
    const [a, b] = processes;
    const rowOn = async (p: AppProcess, id: number) =>
      ((await (await fetch(`${p.baseUrl}/api/chapter_health`, { headers })).json()) as ChapterHealthRow[]).find((r) => r.chapterId === id)!;
    expect(await rowOn(a, dormant[0].id)).toMatchObject({ health: "dormant", status: 0, dormantByRule: true });
    const res = await fetch(`${b.baseUrl}/api/chapter_health/reactivate`, {
      method: "POST",
      headers,
      body: JSON.stringify({ chapterId: dormant[0].id, note: "Back from the summer" }),
    });
    expect(res.status).toBe(200);
    expect(await rowOn(a, dormant[0].id)).toMatchObject({ health: "active", status: 1, dormantByRule: false });
    const active = (await (await fetch(`${a.baseUrl}/api/chapters/active`)).json()) as { id: number }[];
    expect(active.some((c) => c.id === dormant[0].id)).toBe(true);
  }, 120_000);
});
