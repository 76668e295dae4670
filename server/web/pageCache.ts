import zlib from "node:zlib";
import type { Knex } from "knex";
import { etagOf, ReadCache, readCacheOf } from "../lib/readCache";
import { VERSIONED_TABLES } from "../../migrations/20261210000100_create_read_versions";
import { MORE_VERSIONED_TABLES } from "../../migrations/20261222000100_version_more_public_tables";
import { RSVP_VERSIONED_TABLES } from "../../migrations/20270110000100_create_rsvps";

/** The tables public pages are made of (not, say, list members or chapter health, which no public page shows). */
const PAGE_TABLES = [...VERSIONED_TABLES, ...MORE_VERSIONED_TABLES, ...RSVP_VERSIONED_TABLES];

/** A rendered page kept for anonymous visitors, with its compressed forms made once. */
export interface KeptPage {
  html: Buffer;
  status: number;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

export interface RenderedForCache {
  html: string;
  status: number;
  /** False for a page that could not be rendered on the server: sent, not kept. */
  keep: boolean;
}

/** How long a kept page serves before it is rendered again although nothing was written: dates move on. */
export const PAGE_KEEP_MS = 5 * 60_000;
/**
 * A page larger than this (its HTML) is sent but never kept: one page cannot take a large share of the cache. Pages
 * share the read cache's bound (lib/readCache MAX_KEPT_BYTES) with every other kept read: a crawler walking every
 * chapter page pushes out the least recently used, never past it.
 */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const sizeOf = (entry: KeptPage) => entry.html.length + entry.br.length + entry.gzip.length;

/** Each cache of pages keeps its pages under keys of its own in the read cache. */
let caches = 0;

/**
 * Public pages as anonymous visitors get them, rendered once and kept in the read cache (lib/readCache: one
 * bounded LRU per database), stamped with the read versions of the tables they are made of: a write by any process
 * is seen by the next request. A page is also rendered again after PAGE_KEEP_MS, so the next meetup it shows rolls
 * over; as nothing was written then, the old page is served meanwhile when the render is slow. Pages of signed-in
 * visitors are rendered for them.
 */
export class PageCache {
  private readonly reads: ReadCache;
  private readonly prefix = `page${++caches}:`;
  now: () => number = () => Date.now();

  /** `limits` given: pages kept in a bound of their own (tests); else in the database's read cache. */
  constructor(
    knex: Knex,
    private readonly limits?: { maxBytes: number; maxPageBytes: number },
  ) {
    this.reads = limits ? new ReadCache(knex, limits.maxBytes) : readCacheOf(knex);
  }

  /**
   * The page under `key`, rendered by `render` when it is not kept, or is older than a write or PAGE_KEEP_MS. A
   * page rendered with `keep: false` (its rendering failed, and the browser is left to render it) is not kept.
   */
  page(key: string, render: () => Promise<RenderedForCache>): Promise<KeptPage> {
    return this.reads.kept(
      this.prefix + key,
      PAGE_TABLES,
      async () => {
        const page = await render();
        const html = Buffer.from(page.html, "utf8");
        const [br, gzip] = await Promise.all([
          new Promise<Buffer>((resolve, reject) =>
            zlib.brotliCompress(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }, (err, out) => (err ? reject(err) : resolve(out))),
          ),
          new Promise<Buffer>((resolve, reject) => zlib.gzip(html, { level: 9 }, (err, out) => (err ? reject(err) : resolve(out)))),
        ]);
        const kept: KeptPage = { html, status: page.status, etag: etagOf(html), br, gzip };
        const maxPageBytes = this.limits?.maxPageBytes ?? MAX_PAGE_BYTES;
        return { kept, expiresAt: this.now() + PAGE_KEEP_MS, bytes: sizeOf(kept), keep: page.keep && html.length <= maxPageBytes };
      },
      () => new Date(this.now()),
    );
  }

  /** Whether a page is kept under `key` (current or not: a page not kept is one never rendered, or pushed out since). */
  has(key: string): boolean {
    return this.reads.has(this.prefix + key);
  }

  /** What is kept: the number of pages and their bytes (HTML and compressed forms). */
  size(): { pages: number; bytes: number } {
    const { entries, bytes } = this.reads.size(this.prefix);
    return { pages: entries, bytes };
  }
}
