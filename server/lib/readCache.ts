/**
 * Public answers computed once, not per request: each is kept as the bytes to send and their ETag, stamped
 * with the versions of the tables it was made of (read_versions, bumped by a trigger in the same transaction
 * as every write; see migrations/20261210000100_create_read_versions). Each request reads the versions (one
 * tiny query, shared by the requests that arrive while it runs), so a write committed by any process sharing
 * the database is seen by the next read. An answer holding next dates also expires when the earliest of them
 * passes, so dates roll over by themselves. The calendar feeds (server/calendar/feedCache.ts) use the same
 * coalescing and ETags.
 */
import crypto from "node:crypto";
import type { Context } from "koa";
import type { Knex } from "knex";
import { jsonInSlices, mapInSlices } from "./slices";
import { markKept } from "./compressKept";

/**
 * Reads of the same thing are coalesced without ever answering from a read that began before the request
 * arrived: with no read running, one starts at once; while one runs, later requests share ONE follow-up read
 * that starts when it ends. So a thing read by many clients costs at most two queries at a time, and every
 * answer reflects the database as of some moment after its request came in.
 */
export type Shared = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function coalescer(): Shared {
  const running = new Map<string, Promise<unknown>>();
  const queued = new Map<string, Promise<unknown>>();
  return function shared<T>(key: string, work: () => Promise<T>): Promise<T> {
    const waiting = queued.get(key);
    if (waiting) return waiting as Promise<T>;
    const start = (): Promise<T> => {
      const promise = work().finally(() => {
        if (running.get(key) === promise) running.delete(key);
      });
      running.set(key, promise);
      return promise;
    };
    const current = running.get(key);
    if (!current) return start();
    const next = current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued.delete(key);
        return start();
      });
    queued.set(key, next);
    return next;
  };
}

/** A strong ETag for these bytes: the same in every process. */
export const etagOf = (body: Buffer): string => etagOfHash(crypto.createHash("sha256").update(body));
const etagOfHash = (hash: crypto.Hash) => `"${hash.digest("base64url").slice(0, 32)}"`;

/**
 * The bytes of a text given in pieces (a network calendar feed: 9 MB in tens of thousands of pieces) and their
 * ETag (etagOf's), encoded and hashed a slice at a time: joined, encoded and hashed in one go, they held the
 * event loop for some 50 ms.
 */
export async function bytesInSlices(pieces: Iterable<string>): Promise<{ body: Buffer; etag: string }> {
  const hash = crypto.createHash("sha256");
  const parts = await mapInSlices(pieces, (piece) => {
    const bytes = Buffer.from(piece, "utf8");
    hash.update(bytes);
    return bytes;
  });
  return { body: Buffer.concat(parts), etag: etagOfHash(hash) };
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  contentType: string;
}

/**
 * Sends kept bytes with their ETag, or 304 when the caller has them. Clients may keep the answer but must ask
 * again (with If-None-Match) before using it, so a change is seen at once.
 */
export function sendCached(ctx: Context, answer: CachedAnswer): void {
  ctx.set("ETag", answer.etag);
  ctx.set("Cache-Control", "no-cache");
  // The same answer to everyone: the kept-answer lane (lib/hotLane.ts) may give it to the next caller of this URL.
  ctx.state.keptAnswer = answer;
  if (matchesEtag(ctx.get("if-none-match") || undefined, answer.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = answer.contentType;
  // Kept bytes are sent compressed to clients that accept it, compressed once (lib/compressKept.ts).
  ctx.body = markKept(answer.body);
}

/** What a build answers: the value to send as JSON and, when it holds next dates, when it stops being true. */
export interface Built {
  value: unknown;
  /** Epoch ms after which the answer must be built again (the earliest next date passing); none when it keeps. */
  expiresAt?: number;
}

/** What a build of anything kept answers: the thing kept and, when it holds next dates, when it stops being true. */
export interface Made<P> {
  kept: P;
  /** Epoch ms after which it must be built again; none when it keeps. */
  expiresAt?: number;
}

interface Entry {
  key: string;
  tables: readonly string[];
  stamp: string;
  expiresAt: number;
  kept: unknown;
  /** How long it took to build, in milliseconds. */
  buildMs: number;
}

/** The entry each kept value came from, and each value made from one (a kept list's page: see madeFrom). */
const origins = new WeakMap<object, Entry>();

/** Records that `made` (a page of a kept list, say) is made from the kept value `from` alone, so it is current while that is. */
export function madeFrom(made: object, from: object): void {
  const entry = origins.get(from);
  if (entry) origins.set(made, entry);
}

/**
 * Kept answers that are current by a check of their own rather than by table versions (the calendar feeds,
 * checked against their fingerprint: calendar/feedCache.ts). The kept-answer lane asks it as it asks the others.
 */
const ownChecks = new WeakMap<object, () => Promise<boolean>>();

/** Records that the kept answer `answer` is current while `check` says so (see ReadCache.isCurrent). */
export function currentWhile(answer: object, check: () => Promise<boolean>): void {
  ownChecks.set(answer, check);
}

const stampOf = (tables: readonly string[], versions: Map<string, string>) => tables.map((t) => versions.get(t) ?? "?").join(".");

/** knex.raw answers rows on SQLite and { rows } on Postgres. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);
}

const MAX_ENTRIES = 3000;
/**
 * How long a request waits for an expired answer to be rebuilt before it is given the expired one. An answer
 * whose last build took this long or longer (a list of the whole network) is not waited for at all: its dates
 * roll over every few minutes somewhere in a network of thousands of chapters, and each rollover would
 * otherwise hold every request for this long.
 */
export const STALE_AFTER_MS = 1000;

/** Whether stamp `a` is at versions no older than `b` (versions only grow). */
function notOlder(a: string, b: string): boolean {
  const bs = b.split(".");
  return a.split(".").every((v, i) => v === "?" || bs[i] === "?" || Number(v) >= Number(bs[i]));
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The bytes of a JSON answer with their ETag. */
export function jsonAnswer(text: string): CachedAnswer {
  const body = Buffer.from(text, "utf8");
  return { body, etag: etagOf(body), contentType: JSON_TYPE };
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<unknown>>();
  private readonly shared = coalescer();

  /** The clock next dates are computed against (tests move it). */
  now: () => Date = () => new Date();
  /** STALE_AFTER_MS (tests shorten it). */
  staleAfterMs = STALE_AFTER_MS;

  constructor(private readonly knex: Knex) {}

  /** Every table's version, as of some moment after the call. */
  versions(): Promise<Map<string, string>> {
    return this.shared("versions", async () => {
      const rows = rowsOf(await this.knex.raw("select name, version from read_versions"));
      return new Map(rows.map((r) => [String(r.name), String(r.version)]));
    });
  }

  /**
   * The answer kept under `key`, built again by `build` when a table in `tables` changed since, or it expired.
   */
  answer(key: string, tables: readonly string[], build: (now: Date) => Promise<Built>): Promise<CachedAnswer> {
    return this.kept(key, tables, async (now) => {
      const built = await build(now);
      return { kept: jsonAnswer(await jsonInSlices(built.value)), expiresAt: built.expiresAt };
    });
  }

  /**
   * Whatever `make` builds (an answer's bytes, a list's rows), kept under `key` as answers are: built again when
   * a table in `tables` changed since, or it expired. A key holds one kind of thing.
   */
  async kept<P>(key: string, tables: readonly string[], make: (now: Date) => Promise<Made<P>>): Promise<P> {
    const versions = await this.versions();
    const stamp = stampOf(tables, versions);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && hit.expiresAt > this.now().getTime()) return hit.kept as P;
    const building = this.build(key, tables, stamp, make);
    // Only dates rolled over (nothing was written): a build that takes long (the whole network) leaves the
    // answer it replaces in use meanwhile, a date that passed twelve hours ago shown a few seconds longer.
    if (hit && hit.stamp === stamp) {
      if (hit.buildMs >= this.staleAfterMs) {
        // A rebuild that fails leaves the next request to wait for its own, whose failure it then answers (and logs).
        building.catch(() => {
          hit.buildMs = 0;
        });
        return hit.kept as P;
      }
      return Promise.race([building, new Promise<P>((resolve) => setTimeout(() => resolve(hit.kept as P), this.staleAfterMs).unref())]);
    }
    return building;
  }

  /**
   * Builds of one key at one stamp are joined while they run: what they read is the same, as nothing they are
   * made of changed (unlike the versions, which are read again after a request arrives).
   */
  private build<P>(key: string, tables: readonly string[], stamp: string, make: (now: Date) => Promise<Made<P>>): Promise<P> {
    const id = `${key}\n${stamp}`;
    const running = this.building.get(id);
    if (running) return running as Promise<P>;
    const promise = this.buildNow(key, tables, stamp, make).finally(() => this.building.delete(id));
    this.building.set(id, promise);
    return promise;
  }

  private async buildNow<P>(key: string, tables: readonly string[], stamp: string, make: (now: Date) => Promise<Made<P>>): Promise<P> {
    const started = performance.now();
    const made = await make(this.now());
    const entry: Entry = { key, tables, stamp, kept: made.kept, expiresAt: made.expiresAt ?? Infinity, buildMs: performance.now() - started };
    if (typeof made.kept === "object" && made.kept !== null) origins.set(made.kept, entry);
    const current = this.entries.get(key);
    // A slow build at older versions never replaces one at newer versions.
    if (!current || notOlder(stamp, current.stamp)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return made.kept;
  }

  /**
   * Whether a value kept here (or made from one, see madeFrom) is still what a read would answer now: its entry
   * is the one kept under its key, no table it is made of changed (versions read after the call) and it has not
   * expired. Anything else, such as an expired answer still given while it is rebuilt, is not. An answer with a
   * check of its own (currentWhile) is current while that check says so.
   */
  async isCurrent(value: object): Promise<boolean> {
    const check = ownChecks.get(value);
    if (check) return check();
    const entry = origins.get(value);
    if (!entry || this.entries.get(entry.key) !== entry) return false;
    const versions = await this.versions();
    return this.entries.get(entry.key) === entry && entry.stamp === stampOf(entry.tables, versions) && entry.expiresAt > this.now().getTime();
  }

  /** Forgets every kept answer (tests use it to play a cold process). */
  clear(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<Knex, ReadCache>();

/** The read cache of a database (one per open database, so test files with several databases keep them apart). */
export function readCacheOf(knex: Knex): ReadCache {
  let cache = caches.get(knex);
  if (!cache) caches.set(knex, (cache = new ReadCache(knex)));
  return cache;
}
