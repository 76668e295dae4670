import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freshDatabase } from "../test/harness";
import { bindModels } from "../db";
import { RateLimitHit } from "../models/RateLimitHit";
import { bucketFor, takeSlot, waitText } from "./rateLimits";

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
  bindModels(db.knex);
});
afterAll(async () => db.drop());
afterEach(() => {
  vi.useRealTimers();
});

describe("takeSlot", () => {
  it("allows `limit` per sliding window and says when the next slot frees", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const bucket = bucketFor("test", "203.0.113.5");
    expect(await takeSlot(bucket, 3)).toBeNull();
    vi.setSystemTime(start + 10 * 60_000);
    expect(await takeSlot(bucket, 3)).toBeNull();
    expect(await takeSlot(bucket, 3)).toBeNull();
    expect(await takeSlot(bucket, 3)).toBe(50 * 60);
    // Refusals are not counted.
    expect(await RateLimitHit.query().where({ bucket }).resultSize()).toBe(3);
    // An hour after the first one, one slot is free again, and only one.
    vi.setSystemTime(start + 60 * 60_000 + 1);
    expect(await takeSlot(bucket, 3)).toBeNull();
    expect(await takeSlot(bucket, 3)).toBe(10 * 60);
  });

  it("never lets concurrent requests take more than the limit", async () => {
    const bucket = bucketFor("test", "burst");
    const answers = await Promise.all(Array.from({ length: 25 }, () => takeSlot(bucket, 7)));
    expect(answers.filter((a) => a === null)).toHaveLength(7);
  });

  it("keeps buckets apart and stores no raw address", () => {
    expect(bucketFor("signup", "203.0.113.5")).not.toBe(bucketFor("signup", "203.0.113.6"));
    expect(bucketFor("signup", "203.0.113.5")).not.toBe(bucketFor("list-signup", "203.0.113.5"));
    expect(bucketFor("signin", "a@example.org", "203.0.113.5")).not.toContain("example");
    expect(bucketFor("signin", "a@example.org", "203.0.113.5").length).toBeLessThanOrEqual(80);
  });
});

describe("waitText", () => {
  it("says seconds under a minute, else whole minutes rounded up", () => {
    expect([1, 30, 59, 60, 61, 900, 3600].map(waitText)).toEqual(["1 second", "30 seconds", "59 seconds", "1 minute", "2 minutes", "15 minutes", "60 minutes"]);
  });
});
