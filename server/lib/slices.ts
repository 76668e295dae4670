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
