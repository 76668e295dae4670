import { describe, expect, it } from "vitest";
import { jsonInSlices, mapInSlices, readInChunks, SLICE_MS } from "./slices";

describe("work in slices", () => {
  it("gives the event loop back while a long mapping runs, and maps every item in order", async () => {
    // A callback that re-queues itself: it runs once each time the mapping gives the loop back.
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const busy = (n: number) => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      return n * 2;
    };
    const out = await mapInSlices(
      Array.from({ length: 200 }, (_, i) => i),
      busy,
    );
    running = false;
    expect(out).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
    // At least 200 ms of work, given back every SLICE_MS: the loop turned about 20 times in between.
    expect(turns).toBeGreaterThanOrEqual(200 / SLICE_MS / 2);
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
