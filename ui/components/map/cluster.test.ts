import { describe, expect, it } from "vitest";
import { clusterPoints, groupNear, latLngOfWorldPixel, overlap, worldPixel, zoomToOpen, zoomToSeparate, type Point } from "./cluster";

const at = (item: string, x: number, y: number): Point<string> => ({ item, x, y });
const size = { w: 28, h: 36 };
const opts = { size, keyOf: (s: string) => s };

describe("clusterPoints", () => {
  it("leaves pins that do not overlap at their own spots, also when close in one direction only", () => {
    const out = clusterPoints([at("a", 0, 0), at("b", 100, 0), at("c", 0, 100), at("d", 30, 10), at("e", 100, 37)], opts);
    expect(out).toEqual([
      { kind: "pin", item: "a", x: 0, y: 0 },
      { kind: "pin", item: "b", x: 100, y: 0 },
      { kind: "pin", item: "c", x: 0, y: 100 },
      { kind: "pin", item: "d", x: 30, y: 10 },
      { kind: "pin", item: "e", x: 100, y: 37 },
    ]);
  });

  it("never moves a pin: two that overlap become a cluster of two at their middle, the others stay put", () => {
    // Seattle and Portland at the national zoom: close across and up; Boise far off.
    const out = clusterPoints([at("seattle", 100, 50), at("portland", 97, 80), at("boise", 200, 120)], opts);
    expect(out).toEqual([
      { kind: "cluster", key: "seattle", x: 98.5, y: 65, items: ["seattle", "portland"] },
      { kind: "pin", item: "boise", x: 200, y: 120 },
    ]);
  });

  it("draws every cluster among its pins: at their middle, inside the box around them", () => {
    let seed = 11;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = Array.from({ length: 400 }, (_, i) => at(`p${i}`, rand() * 600, rand() * 300));
    const byId = new Map(points.map((p) => [p.item, p]));
    const out = clusterPoints(points, opts);
    expect(out.reduce((n, p) => n + (p.kind === "cluster" ? p.items.length : 1), 0)).toBe(400);
    for (const p of out) {
      if (p.kind === "pin") {
        expect([p.x, p.y]).toEqual([byId.get(p.item)!.x, byId.get(p.item)!.y]);
        continue;
      }
      const xs = p.items.map((id) => byId.get(id)!.x);
      const ys = p.items.map((id) => byId.get(id)!.y);
      expect(p.x).toBeGreaterThanOrEqual(Math.min(...xs));
      expect(p.x).toBeLessThanOrEqual(Math.max(...xs));
      expect(p.y).toBeGreaterThanOrEqual(Math.min(...ys));
      expect(p.y).toBeLessThanOrEqual(Math.max(...ys));
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(6 * size.w);
    }
  });

  it("keeps the pin that must stand alone (the selected one) at its spot, out of its cluster", () => {
    const group = [at("p1", 10, 10), at("p2", 20, 10), at("p3", 10, 20)];
    expect(clusterPoints(group, { ...opts, alone: (s) => s === "p2" })).toEqual([
      { kind: "pin", item: "p2", x: 20, y: 10 },
      { kind: "cluster", key: "p1", x: 10, y: 15, items: ["p1", "p3"] },
    ]);
    expect(clusterPoints(group.slice(0, 2), { ...opts, alone: (s) => s === "p1" })).toEqual([
      { kind: "pin", item: "p1", x: 10, y: 10 },
      { kind: "pin", item: "p2", x: 20, y: 10 },
    ]);
  });

  it("spreads an opened cluster that shares one spot around it, each pin with its line back, none overlapping", () => {
    const same = Array.from({ length: 6 }, (_, i) => at(`s${i}`, 50, 50));
    const out = clusterPoints(same, { ...opts, expanded: new Set(["s0"]) });
    expect(out.map((p) => p.kind)).toEqual(Array(6).fill("pin"));
    const pins = out as { x: number; y: number; from?: { x: number; y: number } }[];
    expect(pins.every((p) => p.from?.x === 50 && p.from?.y === 50)).toBe(true);
    for (const [i, a] of pins.entries()) for (const b of pins.slice(i + 1)) expect(overlap(a, b, size)).toBe(false);
    expect(pins.every((p) => !overlap(p, { x: 50, y: 50 }, size))).toBe(true);
  });

  it("splits a group as the zoom grows: the same places twice as far apart are two clusters", () => {
    const places = [at("a", 0, 0), at("b", 0, 0), at("c", 0, 0), at("d", 0, 0), at("e", 20, 0), at("f", 20, 0), at("g", 20, 0), at("h", 20, 0)];
    expect(clusterPoints(places, opts).map((p) => p.kind)).toEqual(["cluster"]);
    const zoomed = clusterPoints(
      places.map((p) => ({ ...p, x: p.x * 2 })),
      opts,
    );
    expect(zoomed.map((p) => (p.kind === "cluster" ? p.items.length : 0))).toEqual([4, 4]);
  });

  it("chains a pin overlapping any pin of a group into it, up to three pin sizes from its first pin", () => {
    const line = [at("a", 0, 0), at("b", 20, 0), at("c", 40, 0), at("d", 60, 0), at("e", 80, 0), at("f", 100, 0)];
    expect(groupNear(line, size).map((g) => g.map((p) => p.item))).toEqual([["a", "b", "c", "d", "e"], ["f"]]);
  });

  it("groups 10,000 pins, losing none and keeping each group together", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = Array.from({ length: 10_000 }, (_, i) => at(`p${i}`, rand() * 1000, rand() * 500));
    const groups = groupNear(points, size);
    expect(groups.reduce((n, g) => n + g.length, 0)).toBe(10_000);
    expect(groups.every((g) => g.every((p) => Math.abs(p.x - g[0].x) < 3 * size.w && Math.abs(p.y - g[0].y) < 3 * size.h))).toBe(true);
  });
});

describe("zoomToSeparate", () => {
  it("zooms until every overlapping pair is a pin's size apart across or up, at least doubling and within the limit", () => {
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 4, y: 0 },
        ],
        size,
        64,
      ),
    ).toBeCloseTo(7, 1);
    // Apart up as well: the direction that separates them sooner decides.
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 4, y: 12 },
        ],
        size,
        64,
      ),
    ).toBeCloseTo(3, 1);
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 20, y: 0 },
        ],
        size,
        64,
      ),
    ).toBe(2);
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 0.1, y: 0 },
        ],
        size,
        64,
      ),
    ).toBe(64);
    const factor = zoomToSeparate(
      [
        { x: 0, y: 0 },
        { x: 4, y: 0 },
        { x: 9, y: 30 },
      ],
      size,
      64,
    );
    expect(overlap({ x: 0, y: 0 }, { x: 4 * factor, y: 0 }, size)).toBe(false);
  });

  it("answers 1 when the pins share one place, or the map cannot zoom further, so the map spreads them instead", () => {
    expect(
      zoomToSeparate(
        [
          { x: 3, y: 3 },
          { x: 3, y: 3 },
        ],
        size,
        64,
      ),
    ).toBe(1);
    expect(
      zoomToSeparate(
        [
          { x: 0, y: 0 },
          { x: 4, y: 0 },
        ],
        size,
        1,
      ),
    ).toBe(1);
  });
});

describe("zoomToOpen", () => {
  const view = { width: 1088, height: 500 };
  it("zooms in until the pins separate when they then still fit the map", () => {
    const nycAndBrooklyn = [
      { x: 840, y: 188 },
      { x: 840.2, y: 188.7 },
    ];
    expect(zoomToOpen(nycAndBrooklyn, size, view, 512)).toBeCloseTo(51.4, 0);
  });

  it("stops where all of a cluster's pins still show, when separating them all would push some out", () => {
    // New York, Brooklyn, Philadelphia and Washington at the national zoom: 45 x 35 px apart at most.
    const northeast = [
      { x: 840, y: 188 },
      { x: 840.2, y: 188.7 },
      { x: 822, y: 200 },
      { x: 800, y: 223 },
    ];
    const factor = zoomToOpen(northeast, size, view, 512);
    expect(factor).toBeCloseTo(400 / 35, 5);
    expect(35 * factor).toBeLessThanOrEqual(500 - 100);
  });

  it("answers 1 where zooming cannot separate them, and never zooms past the limit", () => {
    expect(
      zoomToOpen(
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 },
        ],
        size,
        view,
        512,
      ),
    ).toBe(1);
    expect(
      zoomToOpen(
        [
          { x: 0, y: 0 },
          { x: 0.001, y: 0.02 },
        ],
        size,
        view,
        8,
      ),
    ).toBe(8);
  });
});

describe("worldPixel", () => {
  it("places coordinates on Google's 256-pixel world, doubling per zoom level, and back", () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    const nyc = worldPixel(40.7128, -74.006, 4);
    expect(Math.round(nyc.x)).toBe(1206);
    expect(Math.round(nyc.y)).toBe(1540);
    const next = worldPixel(40.7128, -74.006, 5);
    expect(next.x).toBeCloseTo(nyc.x * 2, 6);
    const back = latLngOfWorldPixel(nyc.x, nyc.y, 4);
    expect(back.lat).toBeCloseTo(40.7128, 6);
    expect(back.lng).toBeCloseTo(-74.006, 6);
  });
});

/** The grouping rule read plainly (every pair checked, nothing remembered), to hold the grid's bookkeeping to. */
function groupNearPlainly<T>(points: Point<T>[], box: { w: number; h: number }): Point<T>[][] {
  let left = [...points];
  const groups: Point<T>[][] = [];
  while (left.length) {
    const [seed, ...rest] = left;
    const group = [seed];
    left = rest;
    let grown = true;
    while (grown) {
      const joining = left.filter((p) => overlap(p, seed, { w: 3 * box.w, h: 3 * box.h }) && group.some((g) => overlap(p, g, box)));
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
    for (const [count, extent] of [
      [3000, 400],
      [1500, 3000],
    ]) {
      const points = Array.from({ length: count }, (_, i) => ({ item: i, x: random() * extent, y: random() * extent }));
      const ids = (groups: Point<number>[][]) => groups.map((g) => g.map((p) => p.item).sort((a, b) => a - b));
      expect(ids(groupNear(points, size))).toEqual(ids(groupNearPlainly(points, size)));
    }
  });
});
