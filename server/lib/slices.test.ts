import { describe, expect, it } from "vitest";
import { jsonInSlices, mapInSlices, readInChunks, runInSlices, runToEnd, SLICE_MS, sortingInSteps } from "./slices";

/** Counts the turns of the event loop until stopped: a callback that re-queues itself runs once each time work gives the loop back. */
function countLoopTurns(): { stop(): number } {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop() {
      running = false;
      return turns;
    },
  };
}

describe("work in slices", () => {
  it("gives the event loop back while a long mapping runs, and maps every item in order", async () => {
    const turns = countLoopTurns();
    const busy = (n: number) => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      return n * 2;
    };
    const out = await mapInSlices(
      Array.from({ length: 200 }, (_, i) => i),
      busy,
    );
    const turned = turns.stop();
    expect(out).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
    // At least 200 ms of work, given back every SLICE_MS: the loop turned about 20 times in between.
    expect(turned).toBeGreaterThanOrEqual(200 / SLICE_MS / 2);
  });

  it("writes the same JSON as JSON.stringify", async () => {
    const value = [{ a: 1, b: "x\u2028" }, null, [1, 2], { nested: { c: undefined } }];
    expect(await jsonInSlices(value)).toBe(JSON.stringify(value));
    expect(await jsonInSlices([])).toBe("[]");
    expect(await jsonInSlices({ one: 1 })).toBe('{"one":1}');
  });
});

describe("reads in chunks", () => {
  it("reads every row by ascending id, a chunk a query, and stops at a short chunk", async () => {
    const table = Array.from({ length: 25 }, (_, i) => ({ id: (i + 1) * 3, name: `row ${i}` }));
    const asked: [number, number][] = [];
    const rows = await readInChunks(async (afterId, size) => {
      asked.push([afterId, size]);
      return table.filter((row) => row.id > afterId).slice(0, size);
    }, 10);
    expect(rows).toEqual(table);
    expect(asked).toEqual([
      [0, 10],
      [30, 10],
      [60, 10],
    ]);
  });

  it("reads an empty table with one query", async () => {
    let queries = 0;
    expect(await readInChunks(async () => (queries++, []))).toEqual([]);
    expect(queries).toBe(1);
  });
});

describe("sorting in steps", () => {
  /** Items with many ties (key) and their first place (at), in a scrambled order. */
  const scrambled = (n: number) => Array.from({ length: n }, (_, i) => ({ key: (i * 7919) % 97, at: i }));
  const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

  it("gives the order Array.prototype.sort gives, ties in their order, whatever the run length", () => {
    for (const n of [0, 1, 2, 999, 1000, 1001, 4321]) {
      const items = scrambled(n);
      const expected = [...items].sort(byKey);
      for (const run of [1, 3, 1000]) expect(runToEnd(sortingInSteps(items, byKey, run))).toEqual(expected);
    }
  });

  it("pauses after each run sorted and each pair merged, no step comparing more than its run or pair", () => {
    const items = scrambled(10_000);
    let compared = 0;
    let most = 0;
    let steps = 0;
    const counting = (a: { key: number }, b: { key: number }) => {
      compared++;
      return byKey(a, b);
    };
    const sorting = sortingInSteps(items, counting, 1000);
    for (let step = sorting.next(); !step.done; step = sorting.next()) {
      steps++;
      most = Math.max(most, compared);
      compared = 0;
    }
    // 10 runs, then merges of 5 + 3 + 2 + 1 pairs (an odd run out goes on as it is, a step of its own).
    expect(steps).toBe(10 + 5 + 3 + 2 + 1);
    // A run of 1000 sorts in about 1000 × log2(1000) comparisons; the steps never hold the whole sort.
    expect(most).toBeLessThan(15_000);
  });

  it("in slices, gives the loop back while a long sort runs", async () => {
    const turns = countLoopTurns();
    const slow = (a: number, b: number) => {
      const until = performance.now() + 0.02;
      while (performance.now() < until);
      return a - b;
    };
    const items = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
    const sorted = await runInSlices(sortingInSteps(items, slow, 100));
    const turned = turns.stop();
    expect(sorted).toEqual([...items].sort((a, b) => a - b));
    expect(turned).toBeGreaterThan(3);
  });
});
