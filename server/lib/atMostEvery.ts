/** Wraps housekeeping (pruning old rows) so that one process runs it at most once per `ms`; later calls do nothing. */
export function atMostEvery(ms: number, work: () => Promise<unknown>): () => Promise<void> {
  let last = 0;
  return async () => {
    if (Date.now() - last < ms) return;
    last = Date.now();
    await work();
  };
}
