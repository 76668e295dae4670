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

/** A text made of 40 lines added one by one, as ical-generator writes an event. */
function lines(i: number): string {
  let text = "";
  for (let line = 0; line < 40; line++) text += `LINE${line}:${i}-value-${line}\r\n`;
  return text;
}

describe("keptString", () => {
  it("gives back the same text", () => {
    const text = JSON.stringify(row(7));
    expect(keptString(text)).toBe(JSON.stringify(row(7)));
    expect(keptString("")).toBe("");
    expect(keptString("12")).toBe("12");
  });

  it("keeps a text built in pieces (+=, as a feed's event is) in one piece: far less heap than the rope it was", () => {
    const ropes = heapKeptBy(lines);
    const flat = heapKeptBy((i) => keptString(lines(i)));
    // The texts themselves (about 900 characters each) take the same either way; the rope's nodes go.
    expect(flat).toBeLessThan(ropes * 0.9);
  });
});
