/**
 * Lists kept ready a page at a time. A public list (every chapter, the active chapters with their events, a
 * state's chapters) is built once, as readCache keeps answers, and kept as each row's JSON in its order; a page
 * is those rows between brackets, the same bytes JSON.stringify gives for the array. A page's bytes and ETag
 * are kept with the list (the most recently asked pages, at most the list's own size again), so the first page
 * most callers ask for costs no more than a kept answer, and a 304 costs no hashing.
 */
import type { Context } from "koa";
import { jsonAnswer, madeFrom, sendCached, type CachedAnswer, type ReadCache } from "./readCache";
import { mapInSlices, runInSlices, sortingInSteps, yieldToLoop } from "./slices";
import { setPageHeaders, type Page } from "./paging";

/** What a list's build answers: its rows in their order and, when they hold next dates, when they stop being true. */
export interface BuiltList<T> {
  rows: T[];
  expiresAt?: number;
}

export interface ListOptions<T> {
  /** The text `q` looks in for each row (lower-cased here); a list without it takes no `q`. */
  searchText?: (row: T) => string;
  /** Other orders of the rows, by name (`sort`), each a comparison of two rows. */
  orders?: Record<string, (a: T, b: T) => number>;
}

/** One page of a kept list: in an order (the list's own when none), narrowed by `q`, at `page.offset`. */
export interface PageRequest {
  page: Page;
  order?: string;
  q?: string;
}

/** What a page answers: its bytes with their ETag, and how many rows the whole (narrowed) list has. */
export interface ListPage {
  answer: CachedAnswer;
  total: number;
}

/** Room for the pages kept of a small list, beyond its own size. */
const PAGE_ROOM = 64 * 1024;
/** What keeping a page costs besides its bytes (its key, ETag and buffer), counted against the room. */
const PAGE_OVERHEAD = 256;
/** Pages kept of one list at most, however small (searches with few matches). */
const MAX_PAGES = 256;

export class KeptList {
  private readonly pages = new Map<string, ListPage>();
  private pageBytes = 0;
  /** Bytes of the pages kept at most: the list's own size again, and some room for a small list's pages. */
  private readonly pageBudget: number;

  constructor(
    private readonly json: string[],
    private readonly text: string[] | null,
    private readonly orders: Map<string, number[]>,
  ) {
    this.pageBudget = json.reduce((n, row) => n + row.length + 1, PAGE_ROOM + PAGE_OVERHEAD);
  }

  /** Builds a list's rows into JSON (in slices: ten thousand chapters take a while), its search texts and orders. */
  static async of<T>(rows: T[], options: ListOptions<T> = {}): Promise<KeptList> {
    const json = await mapInSlices(rows, (row) => JSON.stringify(row));
    const { searchText } = options;
    const text = searchText ? await mapInSlices(rows, (row) => searchText(row).toLowerCase()) : null;
    // Each order is a sort in steps (ten thousand rows by text is some 40 ms), in slices.
    const orders = new Map<string, number[]>();
    for (const [name, compare] of Object.entries(options.orders ?? {})) {
      await yieldToLoop();
      orders.set(name, await runInSlices(sortingInSteps([...rows.keys()], (a, b) => compare(rows[a], rows[b]))));
    }
    return new KeptList(json, text, orders);
  }

  /** How many rows the list has. */
  get size(): number {
    return this.json.length;
  }

  /** The most bytes it holds (its rows' JSON, search texts, and its pages at their budget): what the read cache counts. */
  get bytes(): number {
    return this.pageBudget * 2 + (this.text?.reduce((n, t) => n + t.length, 0) ?? 0);
  }

  /** How many pages are kept, and what they cost (their bytes and overhead): never more than the budget. */
  get keptPages(): { count: number; cost: number; budget: number } {
    return { count: this.pages.size, cost: this.pageBytes, budget: this.pageBudget };
  }

  /** A page's bytes and ETag, kept for the next caller; unknown orders and `q` on a list without texts are the caller's to refuse. */
  page({ page, order, q }: PageRequest): ListPage {
    const key = `${order ?? ""}\n${q ?? ""}\n${page.offset}\n${page.limit}`;
    const kept = this.pages.get(key);
    if (kept) {
      // The most recently asked stay: the first page everyone asks for is never pushed out by a walk.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    const rows = this.rowsOf(order, q);
    const answer = jsonAnswer(
      `[${rows
        .slice(page.offset, page.offset + page.limit)
        .map((i) => this.json[i])
        .join(",")}]`,
    );
    const made = { answer, total: rows.length };
    madeFrom(answer, this);
    this.keep(key, made);
    return made;
  }

  /** The indexes of the rows in `order`, those whose text holds `q` when given. */
  private rowsOf(order: string | undefined, q: string | undefined): number[] {
    const ordered = (order && this.orders.get(order)) || [...this.json.keys()];
    if (!q || !this.text) return ordered;
    const needle = q.toLowerCase();
    const text = this.text;
    return ordered.filter((i) => text[i].includes(needle));
  }

  private keep(key: string, made: ListPage): void {
    const cost = (page: ListPage) => page.answer.body.length + PAGE_OVERHEAD;
    this.pages.set(key, made);
    this.pageBytes += cost(made);
    for (const [oldKey, old] of this.pages) {
      if ((this.pageBytes <= this.pageBudget && this.pages.size <= MAX_PAGES) || oldKey === key) break;
      this.pages.delete(oldKey);
      this.pageBytes -= cost(old);
    }
  }
}

/** The list kept under `key` (see ReadCache.kept), built by `build` with `options` when a table in `tables` changed or it expired. */
export function keptList<T>(
  reads: ReadCache,
  key: string,
  tables: readonly string[],
  build: (now: Date) => Promise<BuiltList<T>>,
  options?: ListOptions<T>,
): Promise<KeptList> {
  return reads.kept(`list:${key}`, tables, async (now) => {
    const built = await build(now);
    const list = await KeptList.of(built.rows, options);
    return { kept: list, expiresAt: built.expiresAt, bytes: list.bytes };
  });
}

/**
 * Sends a page of a kept list as an array, with X-Total-Count and, when rows follow, a Link to the next page
 * (`path` with the request's other parameters), its ETag and 304 to If-None-Match.
 */
export function sendListPage(ctx: Context, path: string, list: KeptList, request: PageRequest): void {
  const { answer, total } = list.page(request);
  setPageHeaders(ctx, path, request.page, total);
  sendCached(ctx, answer);
}
