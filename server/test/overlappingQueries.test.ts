/**
 * The guard every server test runs under (overlappingQueries.ts): two queries started together on one
 * transaction are reported, on SQLite and on Postgres; the same queries one after another are not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "./harness";
import { takeOverlaps } from "./overlappingQueries";

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

describe("queries overlapping on one connection", () => {
  it("are reported when a transaction runs two at once, with both statements", async () => {
    await db.knex.transaction(async (trx) => {
      await Promise.all([trx("chapters").count("* as n"), trx("users").count("* as n")]);
    });
    const seen = takeOverlaps();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/running: select count\(\*\) as .n. from .chapters.\n {2}started: select count\(\*\) as .n. from .users./);
  });

  it("are not reported one after another, nor across the pool's connections", async () => {
    await db.knex.transaction(async (trx) => {
      await trx("chapters").count("* as n");
      await trx("users").count("* as n");
    });
    await Promise.all([db.knex("chapters").count("* as n"), db.knex("users").count("* as n")]);
    expect(takeOverlaps()).toEqual([]);
  });
});
