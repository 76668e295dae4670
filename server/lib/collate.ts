/**
 * Sorting by text as String.prototype.localeCompare orders it (the runtime's default collation), for lists of
 * network size. Comparing with localeCompare makes and compares the keys again for every pair: ten thousand
 * chapters by display title took over 100 ms of one uninterrupted sort. Here each key is made once and one
 * collator compares them, with the same order (ties keep their order, as sort does); ten thousand titles still take
 * some 40 ms, which sortingByText makes in steps of a few.
 */
import { runInSlices, runToEnd, sortingInSteps } from "./slices";

const collator = new Intl.Collator();

/** Compares two texts as `a.localeCompare(b)` does. */
export const compareCollated = collator.compare;

/** `items` in the order of their keys (made once each by `keyOf`), as `items.sort((a, b) => keyOf(a).localeCompare(keyOf(b)))`. */
export function sortedByText<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  return runToEnd(sortingByText(items, keyOf));
}

/** The same order, made in steps of a few milliseconds (lib/slices sortingInSteps): `yield*` it, or run it in slices. */
export function* sortingByText<T>(items: readonly T[], keyOf: (item: T) => string): Generator<void, T[]> {
  const keys = items.map(keyOf);
  const order = yield* sortingInSteps(Array.from(items.keys()), (a, b) => collator.compare(keys[a], keys[b]));
  return order.map((i) => items[i]);
}

/** sortedByText in slices, giving the loop back between them. */
export const sortedByTextInSlices = <T>(items: readonly T[], keyOf: (item: T) => string): Promise<T[]> => runInSlices(sortingByText(items, keyOf));
