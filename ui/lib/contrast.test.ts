import { describe, expect, it } from "vitest";
import { readableTextOn } from "./contrast";

describe("readableTextOn", () => {
  it("picks white on dark and black on light colours", () => {
    expect(readableTextOn("#1f5fa8")).toBe("#ffffff");
    expect(readableTextOn("#c25e00")).toBe("#000000");
    expect(readableTextOn("#ffffff")).toBe("#000000");
  });
});
