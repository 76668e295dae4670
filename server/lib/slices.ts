/**
 * Long computations on the request path (a network calendar feed, the list of every chapter) run in slices
 * of at most SLICE_MS, giving the event loop back between them, so no other request waits behind them.
 */
export const SLICE_MS = 10;

/** Lets every waiting callback (other requests, timers) run before going on. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Maps items in slices of about SLICE_MS, yielding between them. */
export async function mapInSlices<T, U>(items: Iterable<T>, fn: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    out.push(fn(item));
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return out;
}

/** Runs a computation made of steps (a generator that pauses with a bare `yield`) to its end at once. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a computation made of steps in slices of about SLICE_MS, giving the loop back between them. */
export async function runInSlices<T>(steps: Generator<void, T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
}

/** Items sorted or merged in one step of a stepped sort: a step takes a few milliseconds. */
const SORT_RUN = 1000;

/**
 * `items` in the order `[...items].sort(compare)` gives (ties keep their order), made in steps: runs of SORT_RUN
 * items sorted one a step, then merged pairwise, a pair a step. A sort of ten thousand items by collated text is
 * some 40 ms in one go; in steps, none is over a few milliseconds, and there are no more comparisons.
 */
export function* sortingInSteps<T>(items: readonly T[], compare: (a: T, b: T) => number, run = SORT_RUN): Generator<void, T[]> {
  const byIndex = (a: number, b: number) => compare(items[a], items[b]) || a - b;
  let runs: number[][] = [];
  for (let start = 0; start < items.length; start += run) {
    const end = Math.min(items.length, start + run);
    const indexes: number[] = [];
    for (let i = start; i < end; i++) indexes.push(i);
    runs.push(indexes.sort(byIndex));
    yield;
  }
  while (runs.length > 1) {
    const merged: number[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      merged.push(i + 1 < runs.length ? mergeRuns(runs[i], runs[i + 1], byIndex) : runs[i]);
      yield;
    }
    runs = merged;
  }
  return (runs[0] ?? []).map((i) => items[i]);
}

function mergeRuns(a: number[], b: number[], compare: (x: number, y: number) => number): number[] {
  const out: number[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

/** JSON.stringify of an array, a slice of elements at a time (the same text). */
export async function jsonInSlices(value: unknown): Promise<string> {
  if (!Array.isArray(value)) return JSON.stringify(value);
  return `[${(await mapInSlices(value, (item) => JSON.stringify(item) ?? "null")).join(",")}]`;
}

/** Rows a chunk of a big read holds by default: a chunk is turned into objects in a few milliseconds. */
export const CHUNK_ROWS = 500;

/**
 * The rows of a big read (every active chapter with its events, the network feed's events), read a chunk at a time
 * by ascending id: `chunk(afterId, size)` must answer the first `size` rows with an id above `afterId`, in id order.
 * The database driver and the models turn a whole answer into objects in one go, which for tens of thousands of
 * rows held the event loop for over 100 ms; between chunks it is free, as each chunk is a query of its own. The
 * chunks are not one snapshot: a build racing a write is stamped with the versions read before it (lib/readCache),
 * so the next read builds again.
 */
export async function readInChunks<T extends { id: number }>(chunk: (afterId: number, size: number) => PromiseLike<T[]>, size = CHUNK_ROWS): Promise<T[]> {
  const rows: T[] = [];
  let afterId = 0;
  for (;;) {
    const got = await chunk(afterId, size);
    for (const row of got) rows.push(row);
    if (got.length < size) return rows;
    afterId = got[got.length - 1].id;
  }
}
