import { describe, expect, it } from "vitest";
import { clusterPoints, groupNear, worldPixel, zoomToSeparate, type Point } from "./cluster";

const at = (item: string, x: number, y: number): Point<string> => ({ item, x, y });
const opts = { distance: 40, fanOutMax: 3, keyOf: (s: string) => s };

describe("clusterPoints", () => {
  it("leaves pins that do not overlap where they are", () => {
    const out = clusterPoints([at("a", 0, 0), at("b", 100, 0), at("c", 0, 100)], opts);
    expect(out).toEqual([
      { kind: "pin", item: "a", x: 0, y: 0 },
      { kind: "pin", item: "b", x: 100, y: 0 },
      { kind: "pin", item: "c", x: 0, y: 100 },
    ]);
  });

  it("fans a small overlapping group out, each pin at least the distance from the group's centre", () => {
    const out = clusterPoints([at("nyc", 100, 100), at("brooklyn", 102, 103), at("boston", 300, 50)], opts);
    expect(out.every((p) => p.kind === "pin")).toBe(true);
    const [nyc, bk] = out as { x: number; y: number }[];
    expect(Math.hypot(nyc.x - bk.x, nyc.y - bk.y)).toBeGreaterThanOrEqual(40);
    expect(out[2]).toEqual({ kind: "pin", item: "boston", x: 300, y: 50 });
  });

  it("makes a larger overlapping group one cluster at its centre, keyed by its first pin, with every item", () => {
    const group = [at("p1", 10, 10), at("p2", 20, 10), at("p3", 10, 20), at("p4", 20, 20)];
    const out = clusterPoints([...group, at("far", 500, 500)], opts);
    expect(out).toEqual([
      { kind: "cluster", key: "p1", x: 15, y: 15, items: ["p1", "p2", "p3", "p4"] },
      { kind: "pin", item: "far", x: 500, y: 500 },
    ]);
  });

  it("fans out a cluster whose key is expanded, whatever its size", () => {
    const same = Array.from({ length: 6 }, (_, i) => at(`s${i}`, 50, 50));
    const out = clusterPoints(same, { ...opts, expanded: new Set(["s0"]) });
    expect(out.map((p) => p.kind)).toEqual(Array(6).fill("pin"));
    expect(new Set(out.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`)).size).toBe(6);
  });

  it("splits a group as the zoom grows: the same places twice as far apart are two pins", () => {
    const places = [at("a", 0, 0), at("b", 0, 0), at("c", 0, 0), at("d", 0, 0), at("e", 30, 0), at("f", 30, 0), at("g", 30, 0), at("h", 30, 0)];
    expect(clusterPoints(places, opts).map((p) => p.kind)).toEqual(["cluster"]);
    const zoomed = clusterPoints(
      places.map((p) => ({ ...p, x: p.x * 2 })),
      opts,
    );
    expect(zoomed.map((p) => (p.kind === "cluster" ? p.items.length : 0))).toEqual([4, 4]);
  });

  it("chains a pin near any pin of a group into it, up to three times the distance from its first pin", () => {
    const line = [at("a", 0, 0), at("b", 30, 0), at("c", 60, 0), at("d", 90, 0), at("e", 120, 0)];
    expect(groupNear(line, 40).map((g) => g.map((p) => p.item))).toEqual([["a", "b", "c", "d"], ["e"]]);
  });

  it("groups 10,000 pins, losing none and keeping each group together", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = Array.from({ length: 10_000 }, (_, i) => at(`p${i}`, rand() * 1000, rand() * 500));
    const groups = groupNear(points, 40);
    expect(groups.reduce((n, g) => n + g.length, 0)).toBe(10_000);
    expect(groups.every((g) => g.every((p) => Math.hypot(p.x - g[0].x, p.y - g[0].y) < 120))).toBe(true);
  });
});

describe("zoomToSeparate", () => {
  it("zooms until the nearest two pins are the distance apart, at least doubling and within the limit", () => {
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 5, y: 0 },
        ],
        40,
        64,
      ),
    ).toBe(8);
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 30, y: 0 },
        ],
        40,
        64,
      ),
    ).toBe(2);
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 0.1, y: 0 },
        ],
        40,
        64,
      ),
    ).toBe(64);
  });

  it("answers 1 when the pins share one place, so the map fans them out instead", () => {
    expect(
      zoomToSeparate(
        [
          { x: 3, y: 3 },
          { x: 3, y: 3 },
        ],
        40,
        64,
      ),
    ).toBe(1);
  });
});

describe("worldPixel", () => {
  it("places coordinates on Google's 256-pixel world, doubling per zoom level", () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    const nyc = worldPixel(40.7128, -74.006, 4);
    expect(Math.round(nyc.x)).toBe(1206);
    expect(Math.round(nyc.y)).toBe(1540);
    const next = worldPixel(40.7128, -74.006, 5);
    expect(next.x).toBeCloseTo(nyc.x * 2, 6);
  });
});

/** The grouping rule read plainly (every pair checked, nothing remembered), to hold the grid's bookkeeping to. */
function groupNearPlainly<T>(points: Point<T>[], distance: number): Point<T>[][] {
  let left = [...points];
  const groups: Point<T>[][] = [];
  while (left.length) {
    const [seed, ...rest] = left;
    const group = [seed];
    left = rest;
    let grown = true;
    while (grown) {
      const joining = left.filter(
        (p) => Math.hypot(p.x - seed.x, p.y - seed.y) < 3 * distance && group.some((g) => Math.hypot(p.x - g.x, p.y - g.y) < distance),
      );
      grown = joining.length > 0;
      group.push(...joining);
      left = left.filter((p) => !joining.includes(p));
    }
    groups.push(group);
  }
  return groups;
}

describe("groupNear on a crowded map", () => {
  it("forms the same groups as checking every pair, dense and sparse", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (const [count, size] of [
      [3000, 400],
      [1500, 3000],
    ]) {
      const points = Array.from({ length: count }, (_, i) => ({ item: i, x: random() * size, y: random() * size }));
      const ids = (groups: Point<number>[][]) => groups.map((g) => g.map((p) => p.item).sort((a, b) => a - b));
      expect(ids(groupNear(points, 40))).toEqual(ids(groupNearPlainly(points, 40)));
    }
  });
});
