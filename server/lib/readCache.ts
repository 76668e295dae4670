/**
 * The one cache of public reads (docs/decisions/094-one-cache-design.md). Whatever is computed once rather than
 * per request (an API answer's bytes and ETag, a kept list, a rendered page, a calendar feed, a part of the
 * health table) is kept in ONE bounded LRU per database (lru-cache, bounded by bytes), stamped with the versions
 * of the tables it was made of (read_versions, bumped by a trigger in the same transaction as every write; see
 * migrations/20261210000100_create_read_versions). Each request reads the versions (one tiny query, shared by the
 * requests that arrive while it runs), so a write committed by any process sharing the database is seen by the
 * next read. A thing holding dates also expires when the earliest of them passes; when only that happened
 * (nothing was written) the old one is served while it is built again. Public answers go out with one HTTP
 * policy (sendCached: PUBLIC_CACHE_CONTROL, ETag, 304), which lets a reverse proxy carry the load
 * (docs/deploy-proxy.md).
 */
import crypto from "node:crypto";
import type { Context } from "koa";
import type { Knex } from "knex";
import { LRUCache } from "lru-cache";
import { jsonInSlices, mapInSlices } from "./slices";
import { markKept } from "./compressKept";
import { readVersionRows } from "./readVersions";

/**
 * Reads of the same thing are coalesced without ever answering from a read that began before the request
 * arrived: with no read running, one starts at once; while one runs, later requests share ONE follow-up read
 * that starts when it ends. So a thing read by many clients costs at most two queries at a time, and every
 * answer reflects the database as of some moment after its request came in.
 */
type Shared = <T>(key: string, work: () => Promise<T>) => Promise<T>;

function coalescer(): Shared {
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

/** Seconds a shared cache (a reverse proxy, a CDN) may send a public answer without asking the app again. */
const PROXY_FRESH_SECONDS = 2;
/** Seconds past that it may still send it while it asks the app again in the background (with If-None-Match). */
const PROXY_STALE_SECONDS = 30;

/**
 * The HTTP policy of every public answer (the same for every caller), written once. Browsers keep it but ask
 * again before each use (max-age=0, must-revalidate: a 304 when their ETag still holds), so a visitor sees a
 * write at once; a shared cache may send it for PROXY_FRESH_SECONDS, then for PROXY_STALE_SECONDS more while it
 * revalidates by ETag in the background, so a proxy in front of several app processes carries the load.
 */
const PUBLIC_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${PROXY_FRESH_SECONDS}, stale-while-revalidate=${PROXY_STALE_SECONDS}`;
/** A kept answer made for its caller only (stats, an inactive chapter's feed to its host): no shared cache keeps it. */
const PRIVATE_CACHE_CONTROL = "private, no-cache";

/** Marks an answer the same for every caller (a kept page) as public, under the one policy. */
export function cachePublicly(ctx: Context): void {
  ctx.set("Cache-Control", PUBLIC_CACHE_CONTROL);
}

/** Sends a JSON value the same for every caller, made for this request, under the public policy with its ETag. */
export function sendPublicJson(ctx: Context, value: unknown): void {
  sendCached(ctx, jsonAnswer(JSON.stringify(value)));
}

/**
 * Sends kept bytes with their ETag, or 304 when the caller has them, under the public policy (or, `privately`,
 * for the caller alone).
 */
export function sendCached(ctx: Context, answer: CachedAnswer, opts: { privately?: boolean } = {}): void {
  ctx.set("ETag", answer.etag);
  if (opts.privately) ctx.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  else cachePublicly(ctx);
  // The same answer to everyone: the kept-answer lane (lib/hotLane.ts) may give it to the next caller of this URL.
  if (!opts.privately) ctx.state.keptAnswer = answer;
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
  /** About how many bytes it holds, counted against the cache's bound (an answer's are counted from its body). */
  bytes?: number;
  /** False: answered, but not kept (a page that could not be rendered). */
  keep?: boolean;
  /** True: never served once expired, even while it is built again (what must be exact at the call). */
  exact?: boolean;
}

interface Entry {
  key: string;
  tables: readonly string[];
  stamp: string;
  expiresAt: number;
  kept: unknown;
  /** How long it took to build, in milliseconds. */
  buildMs: number;
  /** Bytes counted against the bound. */
  bytes: number;
  /** Never served once expired (Made.exact). */
  exact: boolean;
}

/** The entry each kept value came from, and each value made from one (a kept list's page: see madeFrom). */
const origins = new WeakMap<object, Entry>();

/** Whether `answer` is kept here (or made from something kept), so the kept-answer lane may repeat it while current. */
export const isKept = (answer: object): boolean => origins.has(answer);

/** Records that `made` (a page of a kept list, say) is made from the kept value `from` alone, so it is current while that is. */
export function madeFrom(made: object, from: object): void {
  const entry = origins.get(from);
  if (entry) origins.set(made, entry);
}

const stampOf = (tables: readonly string[], versions: Map<string, string>) => tables.map((t) => versions.get(t) ?? "?").join(".");

/** The bytes kept at most per database, everything counted (answers with their compressed forms, lists, pages, feeds). */
export const MAX_KEPT_BYTES = 256 * 1024 * 1024;
/** What keeping anything costs besides its bytes (its key, entry and stamp). */
const ENTRY_OVERHEAD = 256;
/** A thing whose size its build does not give (a health part): counted as this. */
const DEFAULT_BYTES = 64 * 1024;

/** Bytes a kept thing holds: a kept answer's body and room for its compressed forms, else what its build said. */
function bytesOf(made: Made<unknown>): number {
  const kept = made.kept as Partial<CachedAnswer> | null;
  if (made.bytes !== undefined) return Math.ceil(made.bytes) + ENTRY_OVERHEAD;
  if (kept && Buffer.isBuffer(kept.body)) return Math.ceil(kept.body.length * 1.3) + ENTRY_OVERHEAD;
  return DEFAULT_BYTES;
}
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
  /** Everything kept, least recently used out first past `maxBytes`. */
  private readonly entries: LRUCache<string, Entry>;
  private readonly building = new Map<string, Promise<unknown>>();
  private readonly shared = coalescer();

  /** The clock next dates are computed against (tests move it). */
  now: () => Date = () => new Date();
  /** STALE_AFTER_MS (tests shorten it). */
  staleAfterMs = STALE_AFTER_MS;

  constructor(
    private readonly knex: Knex,
    maxBytes = MAX_KEPT_BYTES,
  ) {
    this.entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
  }

  /** What is kept (under keys starting with `prefix` when given): how many things and their bytes. */
  size(prefix = ""): { entries: number; bytes: number } {
    let entries = 0;
    let bytes = 0;
    for (const [key, entry] of this.entries.entries())
      if (key.startsWith(prefix)) {
        entries++;
        bytes += entry.bytes;
      }
    return { entries, bytes };
  }

  /** Every table's version, as of some moment after the call. */
  versions(): Promise<Map<string, string>> {
    return this.shared("versions", async () => {
      const rows = await readVersionRows(this.knex);
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
   * a table in `tables` changed since, or it expired (by `now`: the health table and a cache of pages give their own
   * clock). A key holds one kind of thing.
   */
  async kept<P>(key: string, tables: readonly string[], make: (now: Date) => Promise<Made<P>>, now = this.now): Promise<P> {
    const versions = await this.versions();
    const stamp = stampOf(tables, versions);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && hit.expiresAt > now().getTime()) return hit.kept as P;
    const building = this.build(key, tables, stamp, make, now);
    // Only dates rolled over (nothing was written): a build that takes long (the whole network) leaves the
    // answer it replaces in use meanwhile, a meetup that has just ended shown a few seconds longer.
    if (hit && hit.stamp === stamp && !hit.exact) {
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
  private build<P>(key: string, tables: readonly string[], stamp: string, make: (now: Date) => Promise<Made<P>>, now: () => Date): Promise<P> {
    const id = `${key}\n${stamp}`;
    const running = this.building.get(id);
    if (running) return running as Promise<P>;
    const promise = this.buildNow(key, tables, stamp, make, now).finally(() => this.building.delete(id));
    this.building.set(id, promise);
    return promise;
  }

  private async buildNow<P>(key: string, tables: readonly string[], stamp: string, make: (now: Date) => Promise<Made<P>>, now: () => Date): Promise<P> {
    const started = performance.now();
    const made = await make(now());
    const entry: Entry = {
      key,
      tables,
      stamp,
      kept: made.kept,
      expiresAt: made.expiresAt ?? Infinity,
      buildMs: performance.now() - started,
      bytes: bytesOf(made),
      exact: made.exact === true,
    };
    if (made.keep === false) return made.kept;
    if (typeof made.kept === "object" && made.kept !== null) origins.set(made.kept, entry);
    const current = this.entries.peek(key);
    // A slow build at older versions never replaces one at newer versions.
    if (!current || notOlder(stamp, current.stamp)) this.entries.set(key, entry);
    return made.kept;
  }

  /**
   * Whether a value kept here (or made from one, see madeFrom) is still what a read would answer now: its entry
   * is the one kept under its key, no table it is made of changed (versions read after the call) and it has not
   * expired. Anything else, such as an expired answer still given while it is rebuilt, is not.
   */
  async isCurrent(value: object): Promise<boolean> {
    const entry = origins.get(value);
    if (!entry || this.entries.peek(entry.key) !== entry) return false;
    const versions = await this.versions();
    return this.entries.peek(entry.key) === entry && entry.stamp === stampOf(entry.tables, versions) && entry.expiresAt > this.now().getTime();
  }

  /**
   * Keeps `value` under `key` in the same bound as everything else, current by no stamp of its own (the
   * kept-answer lane's note of a URL's answer and headers, whose answer says whether it is current).
   */
  note(key: string, value: object, bytes: number): void {
    this.entries.set(key, { key, tables: [], stamp: "", kept: value, expiresAt: Infinity, buildMs: 0, bytes: bytes + ENTRY_OVERHEAD, exact: false });
  }

  /** Whether anything is kept under `key` (current or not), without counting as a use. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** What note() kept under `key`, if it still is. */
  noted<T>(key: string): T | undefined {
    return this.entries.get(key)?.kept as T | undefined;
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
