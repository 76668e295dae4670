import crypto from "node:crypto";
import type { Context } from "koa";
import type { Knex } from "knex";
import { isPostgres } from "../db";
import { RateLimitHit } from "../models/RateLimitHit";
import { ApiError } from "../errors";
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

/** Hits of a bucket in the last `windowMs`. */
export async function bucketStats(bucket: string, windowMs: number, trx?: Knex.Transaction): Promise<BucketStats> {
  const row = (await RateLimitHit.query(trx)
    .where({ bucket })
    .where("createdAt", ">=", new Date(Date.now() - windowMs).toISOString())
    .count("* as n")
    .min("createdAt as oldest")
    .max("createdAt as newest")
    .first()) as unknown as { n: number | string; oldest: unknown; newest: unknown } | undefined;
  return { count: Number(row?.n ?? 0), oldest: toMs(row?.oldest), newest: toMs(row?.newest) };
}

const prune = atMostEvery(10 * 60_000, async () => {
  await RateLimitHit.query()
    .where("createdAt", "<", new Date(Date.now() - KEEP_MS).toISOString())
    .delete();
});

/**
 * Runs `work` in a transaction that holds these buckets, so that counting and recording cannot interleave
 * with another request on the same bucket: on Postgres transaction-scoped advisory locks (always taken in
 * the order given), on SQLite the single connection's transaction.
 */
export async function withBuckets<T>(buckets: string[], work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const result = await RateLimitHit.transaction(async (trx) => {
    if (isPostgres(trx)) for (const bucket of buckets) await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [bucket]);
    return work(trx);
  });
  await prune();
  return result;
}

export async function recordHit(bucket: string, trx?: Knex.Transaction): Promise<number> {
  return (await RateLimitHit.query(trx).insert({ bucket })).id;
}

export async function deleteHits(ids: number[]): Promise<void> {
  if (ids.length) await RateLimitHit.query().whereIn("id", ids).delete();
}

export async function clearBucket(bucket: string): Promise<void> {
  await RateLimitHit.query().where({ bucket }).delete();
}

/**
 * Takes one of `limit` slots per `windowMs` (exactly, also under concurrent requests); a refused request is not
 * counted. Answers null, or the seconds until a slot frees (for Retry-After).
 */
export async function takeSlot(bucket: string, limit: number, windowMs = HOUR_MS): Promise<number | null> {
  return withBuckets([bucket], async (trx) => {
    const { count, oldest } = await bucketStats(bucket, windowMs, trx);
    if (count >= limit) return secondsUntil((oldest ?? Date.now()) + windowMs);
    await recordHit(bucket, trx);
    return null;
  });
}

export const secondsUntil = (ms: number) => Math.max(1, Math.ceil((ms - Date.now()) / 1000));

/** "45 seconds", "1 minute", "12 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The 429 of a limit, with Retry-After set on the answer; `extra` joins the error body. */
export function rateLimited(ctx: Context, seconds: number, message: string, extra: Record<string, unknown> = {}): ApiError {
  ctx.set("Retry-After", String(seconds));
  return new ApiError(429, "rate_limited", message, undefined, extra);
}

export interface Limit {
  bucket: string;
  /** Requests per window. */
  limit: number;
  /** The refusal, given the wait in words ("12 minutes"). */
  message: (wait: string) => string;
  windowMs?: number;
  /** Fields the route's answers always carry (e.g. the reset's `result`). */
  extra?: Record<string, unknown>;
}

/** Takes a slot or throws 429 with Retry-After. */
export async function enforceLimit(ctx: Context, { bucket, limit, message, windowMs = HOUR_MS, extra }: Limit): Promise<void> {
  const seconds = await takeSlot(bucket, limit, windowMs);
  if (seconds !== null) throw rateLimited(ctx, seconds, message(waitText(seconds)), extra);
}
