import fs from "node:fs";
import path from "node:path";
import { geoPath } from "d3-geo";
import { describe, expect, it } from "vitest";
import { buildProjections, featuresOf, kmPerPxAt, POINT_START_ZOOM, projectionFrom } from "./projection";
import type { Outline } from "./outlines";

const outline = (name: string) => JSON.parse(fs.readFileSync(path.resolve("ui/public/state_outlines", `${name}.json`), "utf8")) as Outline;
const US = outline("US");
const PR = outline("PR");

/** The rings of a state's outline as drawn (pixels), and whether a pixel lies in it or within `slack` of its edge. */
function drawnShape(projection: Parameters<typeof geoPath>[0], abbr: string) {
  const rings: [number, number][][] = [];
  const context = {
    moveTo: (x: number, y: number) => rings.push([[x, y]]),
    lineTo: (x: number, y: number) => rings[rings.length - 1].push([x, y]),
    closePath: () => undefined,
    arc: () => undefined,
  };
  geoPath(projection, context as never)(featuresOf(US).find((f) => f.properties.abbr === abbr)!);
  const nearEdge = (x: number, y: number, slack: number) =>
    rings.some((ring) =>
      ring.some(([ax, ay], i) => {
        const [bx, by] = ring[(i + 1) % ring.length];
        const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
        const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len2));
        return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= slack;
      }),
    );
  const inside = (x: number, y: number) => {
    let hits = 0;
    for (const ring of rings)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hits++;
      }
    return hits % 2 === 1;
  };
  return (x: number, y: number, slack = 2) => inside(x, y) || nearEdge(x, y, slack);
}

// The demo network's meetup places (GET /api/chapters/pins).
const DEMO = [
  ["WA", 47.6114, -122.3305],
  ["OR", 45.5207, -122.6888],
  ["DC", 38.9122, -77.0177],
  ["MA", 42.3576, -71.0684],
  ["NY", 40.694, -73.9903],
  ["NY", 40.7339, -74.0054],
  ["PA", 39.9487, -75.1593],
  ["TX", 30.2713, -97.7426],
  ["CA", 37.8085, -122.2668],
  ["AK", 61.2116, -149.8761],
  ["HI", 21.3179, -157.8521],
] as const;

describe("the US map's projection", () => {
  const { main, inset } = buildProjections({ kind: "us" }, US, PR, 1088, 500);

  it("is described by plain numbers that give the same projection back (what tests read from data-projection)", () => {
    const again = projectionFrom(JSON.parse(JSON.stringify(main!.spec)));
    for (const [, lat, lng] of DEMO) expect(again([lng, lat])).toEqual(main!.projection([lng, lat]));
    const insetAgain = projectionFrom(JSON.parse(JSON.stringify(inset!.spec)));
    expect(insetAgain([-66.06, 18.4])).toEqual(inset!.projection([-66.06, 18.4]));
  });

  it("draws each demo meetup inside its own state's outline (Seattle in Washington, DC in DC, Brooklyn in New York)", () => {
    for (const [abbr, lat, lng] of DEMO) {
      const [x, y] = main!.projection([lng, lat])!;
      expect(drawnShape(main!.projection, abbr)(x, y), `${abbr} ${lat},${lng}`).toBe(true);
    }
    // And not in the states the fanned-out pins used to land in.
    for (const [abbr, lat, lng] of [
      ["OR", 47.6114, -122.3305],
      ["PA", 38.9122, -77.0177],
      ["NH", 42.3576, -71.0684],
    ] as const) {
      const [x, y] = main!.projection([lng, lat])!;
      expect(drawnShape(main!.projection, abbr)(x, y, 0)).toBe(false);
    }
  });

  it("fits the US in the map and knows its scale: some 6 km a pixel across a 1088 x 500 map", () => {
    const seattle = main!.projection([-122.33, 47.61])!;
    const miami = main!.projection([-80.2, 25.77])!;
    expect(seattle[0]).toBeGreaterThan(0);
    expect(miami[0]).toBeLessThan(1088);
    expect(seattle[1]).toBeLessThan(miami[1]);
    expect(main!.kmPerPx).toBeGreaterThan(4);
    expect(main!.kmPerPx).toBeLessThan(8);
  });
});

describe("a chapter's map (a point)", () => {
  it("has the place in the middle, every state around it, and starts at about 1 km a pixel", () => {
    const austin = { lat: 30.2713, lng: -97.7426 };
    const { main, paths } = buildProjections({ kind: "point", center: austin, state: "tx" }, US, null, 358, 300);
    const [x, y] = main!.projection([austin.lng, austin.lat])!;
    expect(x).toBeCloseTo(179, 6);
    expect(y).toBeCloseTo(150, 6);
    expect(paths.map((p) => p.abbr)).toEqual(expect.arrayContaining(["TX", "OK", "LA", "NM"]));
    const startKm = main!.kmPerPx / POINT_START_ZOOM;
    expect(startKm).toBeGreaterThan(0.8);
    expect(startKm).toBeLessThan(1.5);
  });

  it("keeps Alaska in one piece around Anchorage", () => {
    const { main } = buildProjections({ kind: "point", center: { lat: 61.2, lng: -149.9 }, state: "ak" }, US, null, 358, 300);
    const attu = main!.projection([172.9, 52.9])!;
    expect(attu[0]).toBeLessThan(179);
  });
});

describe("kmPerPxAt", () => {
  it("measures a projection's scale where it is asked", () => {
    const { main } = buildProjections({ kind: "point", center: { lat: 0, lng: 0 }, state: "int" }, null, null, 400, 400);
    expect(kmPerPxAt(main!.projection, { lat: 0, lng: 0 })).toBeCloseTo(8.8, 1);
  });
});
