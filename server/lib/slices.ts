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
