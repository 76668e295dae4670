import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { keptString } from "./keptString";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The heap the texts made by `make` take while kept, after a full collection, in bytes. */
function heapKeptBy(make: (i: number) => string): number {
  gc();
  const before = v8.getHeapStatistics().used_heap_size;
  const kept = Array.from({ length: 20_000 }, (_, i) => make(i));
  gc();
  const after = v8.getHeapStatistics().used_heap_size;
  expect(kept).toHaveLength(20_000);
  return after - before;
}

const row = (i: number) => ({
  id: i,
  title: `Drinking Liberally ${i}`,
  description: "Upstairs, ask for the host. ".repeat(12),
  events: [{ name: "Scholz Garten", day: i % 7 }],
});

describe("keptString", () => {
  it("gives back the same text", () => {
    const text = JSON.stringify(row(7));
    expect(keptString(text)).toBe(JSON.stringify(row(7)));
    expect(keptString("")).toBe("");
    expect(keptString("12")).toBe("12");
  });

  it("keeps a text built in pieces (JSON.stringify) in one piece: far less heap than the rope it was", () => {
    const ropes = heapKeptBy((i) => JSON.stringify(row(i)));
    const flat = heapKeptBy((i) => keptString(JSON.stringify(row(i))));
    // The texts themselves (about 430 characters each) take the same either way; the rope's nodes go.
    expect(flat).toBeLessThan(ropes * 0.9);
  });
});
