import zlib from "node:zlib";
import type { Knex } from "knex";
import { etagOf, readCacheOf } from "../lib/readCache";
import { VERSIONED_TABLES } from "../../migrations/20261210000100_create_read_versions";
import { MORE_VERSIONED_TABLES } from "../../migrations/20261222000100_version_more_public_tables";

/** The tables public pages are made of (not, say, list members or chapter health, which no public page shows). */
const PAGE_TABLES = [...VERSIONED_TABLES, ...MORE_VERSIONED_TABLES];

/** A rendered page kept for anonymous visitors, with its compressed forms made once. */
export interface KeptPage {
  html: Buffer;
  status: number;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

interface Entry extends KeptPage {
  stamp: string;
  expiresAt: number;
}

export interface RenderedForCache {
  html: string;
  status: number;
  /** False for a page that could not be rendered on the server: sent, not kept. */
  keep: boolean;
}

/** Whether stamp `a` is at versions no older than `b` (stamps list the same tables in the same order). */
function newerOrSame(a: string, b: string): boolean {
  const bs = b.split(".");
  return a.split(".").every((v, i) => Number(v) >= Number(bs[i] ?? 0));
}

/** How long a kept page serves before it is rendered again although nothing was written: dates move on. */
export const PAGE_KEEP_MS = 5 * 60_000;
/** The most pages kept (the most recently served stay): a crawler walking every chapter page cannot fill memory. */
const MAX_PAGES = 500;
/** The most bytes kept, counting each page's HTML and its compressed forms: pages are evicted past it, oldest first. */
export const MAX_KEPT_BYTES = 64 * 1024 * 1024;
/** A page larger than this (its HTML) is sent but never kept: one page cannot take a large share of the cache. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const sizeOf = (entry: KeptPage) => entry.html.length + entry.br.length + entry.gzip.length;

/**
 * Public pages as anonymous visitors get them, rendered once and kept, stamped with the read versions of the tables they are made of
 * (lib/readCache): a write by any process is seen by the next request, and a page is rendered again after
 * PAGE_KEEP_MS at most, so the next meetup it shows rolls over. Pages of signed-in visitors are rendered for them.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  private keptBytes = 0;
  now: () => number = () => Date.now();

  constructor(
    private readonly knex: Knex,
    private readonly limits = { maxBytes: MAX_KEPT_BYTES, maxPageBytes: MAX_PAGE_BYTES },
  ) {}

  /**
   * The page under `key`, rendered by `render` when it is not kept, or is older than a write or PAGE_KEEP_MS. A
   * page rendered with `keep: false` (its rendering failed, and the browser is left to render it) is not kept.
   */
  async page(key: string, render: () => Promise<RenderedForCache>): Promise<KeptPage> {
    const versions = await readCacheOf(this.knex).versions();
    const stamp = PAGE_TABLES.map((t) => versions.get(t) ?? "?").join(".");
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && hit.expiresAt > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const id = `${key}\n${stamp}`;
    let running = this.building.get(id);
    if (!running) {
      running = this.render(key, stamp, render).finally(() => this.building.delete(id));
      this.building.set(id, running);
    }
    return running;
  }

  private async render(key: string, stamp: string, render: () => Promise<RenderedForCache>): Promise<Entry> {
    const page = await render();
    const html = Buffer.from(page.html, "utf8");
    const [br, gzip] = await Promise.all([
      new Promise<Buffer>((resolve, reject) =>
        zlib.brotliCompress(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }, (err, out) => (err ? reject(err) : resolve(out))),
      ),
      new Promise<Buffer>((resolve, reject) => zlib.gzip(html, { level: 9 }, (err, out) => (err ? reject(err) : resolve(out)))),
    ]);
    const entry: Entry = { html, status: page.status, etag: etagOf(html), br, gzip, stamp, expiresAt: this.now() + PAGE_KEEP_MS };
    const current = this.entries.get(key);
    // A slow render at older versions never replaces one made after a later write.
    if (!page.keep || html.length > this.limits.maxPageBytes || (current && current.stamp !== stamp && newerOrSame(current.stamp, stamp))) return entry;
    this.remove(key);
    this.entries.set(key, entry);
    this.keptBytes += sizeOf(entry);
    while (this.entries.size > MAX_PAGES || this.keptBytes > this.limits.maxBytes) this.remove(this.entries.keys().next().value!);
    return entry;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keptBytes -= sizeOf(entry);
  }

  /** What is kept: the number of pages and their bytes (HTML and compressed forms). */
  size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.keptBytes };
  }

  clear(): void {
    this.entries.clear();
    this.keptBytes = 0;
  }
}
