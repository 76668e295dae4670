import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProjections } from "./projection";
import { placeLabels, type MapLabel } from "./labels";
import { CITIES } from "./cities";
import type { Outline } from "./outlines";

const US = JSON.parse(fs.readFileSync(path.resolve("ui/public/state_outlines/US.json"), "utf8")) as Outline;

function labelsAt(view: Parameters<typeof buildProjections>[0], w: number, h: number, t: { k: number; x: number; y: number }, reserved = []) {
  const { main, shapes } = buildProjections(view, US, null, w, h);
  return placeLabels({ states: shapes, cities: CITIES, projection: main!.projection, t, width: w, height: h, kmPerPx: main!.kmPerPx, reserved });
}

const texts = (labels: MapLabel[], kind: MapLabel["kind"]) => labels.filter((l) => l.kind === kind).map((l) => l.text);

describe("the names on the map", () => {
  it("names the states on the national map, in full where they are big enough, and no city yet", () => {
    const labels = labelsAt({ kind: "us" }, 1088, 500, { k: 1, x: 0, y: 0 });
    const states = texts(labels, "state");
    expect(states).toEqual(expect.arrayContaining(["TEXAS", "CALIFORNIA", "MONTANA", "COLORADO"]));
    expect(states).toEqual(expect.arrayContaining(["NJ"]));
    expect(states).not.toContain("NEW JERSEY");
    expect(states.length).toBeGreaterThan(40);
    expect(texts(labels, "city")).toEqual([]);
  });

  it("names cities as the map zooms in, the largest first", () => {
    // Four times closer, on the Northeast.
    const { main } = buildProjections({ kind: "us" }, US, null, 1088, 500);
    const [x, y] = main!.projection([-74, 40.7])!;
    const k = 4;
    const labels = labelsAt({ kind: "us" }, 1088, 500, { k, x: 544 - k * x, y: 250 - k * y });
    expect(texts(labels, "city")).toEqual(expect.arrayContaining(["New York", "Philadelphia", "Boston", "Baltimore"]));
    expect(texts(labels, "city")).not.toContain("Camden");
  });

  it("shows a chapter's surroundings on a phone: its state, its city and the cities around", () => {
    const austin = { lat: 30.2713, lng: -97.7426 };
    const labels = labelsAt({ kind: "point", center: austin, state: "tx" }, 358, 300, { k: 8, x: 179 - 8 * 179, y: 150 - 8 * 150 });
    expect(texts(labels, "state")).toEqual(["TEXAS"]);
    expect(texts(labels, "city")).toEqual(expect.arrayContaining(["Austin", "San Antonio", "Round Rock", "Waco"]));
  });

  it("never lets two names overlap, leave the map, or cover a reserved part", () => {
    const reserved = [{ x: 1000, y: 0, w: 88, h: 500 }];
    const labels = labelsAt({ kind: "us" }, 1088, 500, { k: 3, x: -1200, y: -400 }, reserved as never);
    const boxes = labels.map((l) => {
      const w = l.kind === "state" ? l.text.length * 8.9 : l.text.length * 6.2 + 9;
      const x = l.anchor === "middle" ? l.x - w / 2 : l.anchor === "start" ? l.x - 8 : l.x - w + 4;
      return { x, y: l.y - 11, w, h: 12 };
    });
    expect(labels.length).toBeGreaterThan(10);
    for (const [i, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.w).toBeLessThanOrEqual(1000 + 1);
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x + a.w <= b.x + 1 || b.x + b.w <= a.x + 1 || a.y + a.h <= b.y + 1 || b.y + b.h <= a.y + 1;
        expect(apart, `${labels[i].text} / ${labels[boxes.indexOf(b)].text}`).toBe(true);
      }
    }
  });
});
