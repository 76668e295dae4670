import { describe, expect, it } from "vitest";
import { jsonInSlices, mapInSlices, SLICE_MS } from "./slices";

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
