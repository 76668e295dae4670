import crypto from "node:crypto";
import type { Context } from "koa";
import { RateLimitHit } from "../models/RateLimitHit";
import { tooManyRequests, type ApiError } from "../errors";
import { atMostEvery } from "./atMostEvery";

/**
 * The one rate limiter: counted requests are rows of `rate_limit_hits` in named buckets, so every app process
 * counts the same. Windows slide (the last hour, not the clock hour). Rows older than a day are pruned.
 */
export const HOUR_MS = 3600_000;
const KEEP_MS = 24 * HOUR_MS;

/** A bucket name: what is limited plus a hash of whom (an address, an account ...), fixed length, no raw emails. */
export function bucketFor(kind: string, ...who: Array<string | number>): string {
  return `${kind}:${crypto.createHash("sha256").update(who.join("\n")).digest("base64url").slice(0, 43)}`;
}

export interface BucketStats {
  count: number;
  /** ms since the epoch, or null without hits */
  oldest: number | null;
  newest: number | null;
}

const toMs = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.getTime() : Date.parse(String(v)));

/** Hits of a bucket in the last `windowMs`, optionally only those recorded before hit `beforeId`. */
export async function bucketStats(bucket: string, windowMs: number, beforeId?: number): Promise<BucketStats> {
  const query = RateLimitHit.query().where({ bucket }).where("createdAt", ">=", new Date(Date.now() - windowMs).toISOString());
  if (beforeId !== undefined) query.where("id", "<", beforeId);
  const row = (await query.count("* as n").min("createdAt as oldest").max("createdAt as newest").first()) as unknown as { n: number | string; oldest: unknown; newest: unknown } | undefined;
  return { count: Number(row?.n ?? 0), oldest: toMs(row?.oldest), newest: toMs(row?.newest) };
}

const prune = atMostEvery(10 * 60_000, async () => {
  await RateLimitHit.query().where("createdAt", "<", new Date(Date.now() - KEEP_MS).toISOString()).delete();
});

export async function recordHit(bucket: string): Promise<number> {
  const hit = await RateLimitHit.query().insert({ bucket });
  await prune();
  return hit.id;
}

export async function deleteHits(ids: number[]): Promise<void> {
  if (ids.length) await RateLimitHit.query().whereIn("id", ids).delete();
}

export async function clearBucket(bucket: string): Promise<void> {
  await RateLimitHit.query().where({ bucket }).delete();
}

/**
 * Takes one of `limit` slots per `windowMs`. Counted after recording, so concurrent requests can never take
 * more than `limit` between them; a refused request is not counted. Answers null, or the seconds until a slot
 * frees (for Retry-After).
 */
export async function takeSlot(bucket: string, limit: number, windowMs = HOUR_MS): Promise<number | null> {
  const id = await recordHit(bucket);
  const { count, oldest } = await bucketStats(bucket, windowMs);
  if (count <= limit) return null;
  await deleteHits([id]);
  return secondsUntil((oldest ?? Date.now()) + windowMs);
}

export const secondsUntil = (ms: number) => Math.max(1, Math.ceil((ms - Date.now()) / 1000));

/** "45 seconds", "1 minute", "12 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The 429 of a limit, with Retry-After set on the answer. */
export function rateLimited(ctx: Context, seconds: number, message: string): ApiError {
  ctx.set("Retry-After", String(seconds));
  return tooManyRequests(message);
}

/** Takes a slot or throws 429; `message` gets the wait in words ("12 minutes"). */
export async function enforceLimit(ctx: Context, bucket: string, limit: number, message: (wait: string) => string, windowMs = HOUR_MS): Promise<void> {
  const seconds = await takeSlot(bucket, limit, windowMs);
  if (seconds !== null) throw rateLimited(ctx, seconds, message(waitText(seconds)));
}
