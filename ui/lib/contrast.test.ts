import { describe, expect, it } from "vitest";
import { contrastRatio, readableTextOn } from "./contrast";
import { BRAND_SCALE, CHAPTER_TYPE_COLOURS, MAP_COLOURS, MAP_SURFACES } from "./palette";

describe("readableTextOn", () => {
  it("picks white on dark and black on light colours", () => {
    expect(readableTextOn("#1f5fa8")).toBe("#ffffff");
    expect(readableTextOn("#c25e00")).toBe("#000000");
    expect(readableTextOn("#ffffff")).toBe("#000000");
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#1f5fa8", "#1f5fa8")).toBe(1);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});

describe("the network's colour pairs read at WCAG AA (4.5)", () => {
  const pairs: [string, string, string][] = [];
  for (const [name, modes] of Object.entries(CHAPTER_TYPE_COLOURS)) {
    pairs.push([`${name} (light)`, modes.light.bg, modes.light.fg], [`${name} (dark)`, modes.dark.bg, modes.dark.fg]);
  }
  pairs.push(["cluster marker", MAP_COLOURS.cluster, MAP_COLOURS.clusterText]);
  for (const mode of ["light", "dark"] as const) {
    const m = (name: keyof typeof MAP_SURFACES) => MAP_SURFACES[name][mode];
    pairs.push(
      [`the map's info window (${mode})`, m("paper"), m("ink")],
      [`city names on land (${mode})`, m("land"), m("ink")],
      [`city names on water (${mode})`, m("water"), m("ink")],
      [`state names on land (${mode})`, m("land"), m("label")],
      [`state names on water (${mode})`, m("water"), m("label")],
    );
  }
  pairs.push(
    ["header (light)", BRAND_SCALE[800], "#ffffff"],
    ["brand button (light)", BRAND_SCALE[700], "#ffffff"],
    ["brand button (dark)", BRAND_SCALE[300], BRAND_SCALE[950]],
  );

  it.each(pairs)("%s: %s behind %s", (_name, bg, fg) => {
    expect(contrastRatio(bg, fg)).toBeGreaterThanOrEqual(4.5);
  });

  it("covers the six chapter types", () => {
    expect(Object.keys(CHAPTER_TYPE_COLOURS).sort()).toEqual(["dining", "drinking", "laughing", "living", "reading", "screening"]);
  });
});
