import { geoContains, type GeoProjection } from "d3-geo";
import type { City } from "./cities";
import type { StateShape } from "./projection";

/** A name drawn on the map, in screen pixels: a state's in the middle of what shows of it, a city's beside its dot. */
export interface MapLabel {
  kind: "state" | "city";
  key: string;
  text: string;
  /** Where the text starts (cities) or its middle (states), on the text's baseline. */
  x: number;
  y: number;
  /** A city's dot. */
  dot?: { x: number; y: number };
  anchor: "start" | "end" | "middle";
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Transform {
  k: number;
  x: number;
  y: number;
}

export const LABEL_FONT = { state: 11, city: 11 } as const;
/** The most city names drawn at once. */
const MAX_CITIES = 40;
/** The largest kilometres per pixel at which each tier of cities is named. */
const TIER_KM_PER_PX = { 1: 4, 2: 2, 3: 1.2 } as const;

// Rough text widths (the SVG text is not measured): bold capitals with letter spacing, and mixed-case names.
const stateTextWidth = (text: string) => text.length * (LABEL_FONT.state * 0.72 + 1);
const cityTextWidth = (text: string) => text.length * LABEL_FONT.city * 0.56;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export interface LabelInput {
  states: StateShape[];
  cities: readonly City[];
  projection: GeoProjection;
  t: Transform;
  width: number;
  height: number;
  /** Kilometres per pixel at zoom 1. */
  kmPerPx: number;
  /** Parts of the map names must keep clear of (the zoom buttons, an inset). */
  reserved?: Box[];
}

/**
 * The names the map shows at a zoom: states first (largest first; the full name where it fits inside the state
 * as drawn, else the abbreviation), then cities from the largest, more of them the closer the zoom. A name that
 * would overlap one already placed, or leave the map, is left out.
 */
export function placeLabels(input: LabelInput): MapLabel[] {
  const { states, cities, projection, t, width, height } = input;
  const taken: Box[] = [...(input.reserved ?? [])];
  const out: MapLabel[] = [];
  const inside = (b: Box) => b.x >= 2 && b.y >= 2 && b.x + b.w <= width - 2 && b.y + b.h <= height - 2;
  const tryPlace = (box: Box, label: MapLabel) => {
    if (!inside(box) || taken.some((o) => overlaps(o, box))) return false;
    taken.push({ x: box.x - 3, y: box.y - 2, w: box.w + 6, h: box.h + 4 });
    out.push(label);
    return true;
  };

  const screen = (x: number, y: number): [number, number] => [x * t.k + t.x, y * t.k + t.y];
  const drawn = states
    .map((s) => {
      const [x0, y0] = screen(s.bounds[0][0], s.bounds[0][1]);
      const [x1, y1] = screen(s.bounds[1][0], s.bounds[1][1]);
      return { s, x0, y0, x1, y1 };
    })
    .filter((d) => d.x1 > 0 && d.y1 > 0 && d.x0 < width && d.y0 < height)
    .sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0));
  for (const { s, x0, y0, x1, y1 } of drawn) {
    const text = stateTextWidth(s.name) <= (x1 - x0) * 0.8 ? s.name.toUpperCase() : s.abbr;
    const w = stateTextWidth(text);
    const h = LABEL_FONT.state + 2;
    // The state's middle when it shows; else the middle of what shows of it (a state the map is zoomed into).
    const [ax, ay] = screen(s.anchor[0], s.anchor[1]);
    const candidates: [number, number][] = [[ax, ay]];
    const [vx0, vy0, vx1, vy1] = [Math.max(0, x0), Math.max(0, y0), Math.min(width, x1), Math.min(height, y1)];
    for (const [fx, fy] of [
      [0.5, 0.3],
      [0.5, 0.7],
      [0.25, 0.5],
      [0.75, 0.5],
      [0.5, 0.5],
    ])
      candidates.push([vx0 + (vx1 - vx0) * fx, vy0 + (vy1 - vy0) * fy]);
    for (const [i, [cx, cy]] of candidates.entries()) {
      const box = { x: cx - w / 2, y: cy - h / 2, w, h };
      if (i > 0) {
        const at = projection.invert?.([(cx - t.x) / t.k, (cy - t.y) / t.k]);
        if (!at || !geoContains(s.feature, at)) continue;
      }
      if (tryPlace(box, { kind: "state", key: s.abbr, text, x: cx, y: cy + LABEL_FONT.state / 2 - 1, anchor: "middle" })) break;
    }
  }

  const km = input.kmPerPx / t.k;
  let named = 0;
  for (const [name, state, lat, lng, tier] of cities) {
    if (named >= MAX_CITIES) break;
    if (km > TIER_KM_PER_PX[tier]) continue;
    const p = projection([lng, lat]);
    if (!p) continue;
    const [x, y] = screen(p[0], p[1]);
    if (x < 0 || y < 0 || x > width || y > height) continue;
    const w = cityTextWidth(name);
    const h = LABEL_FONT.city + 2;
    const right = { x: x - 3, y: y - h / 2, w: w + 9, h };
    const left = { x: x - w - 6, y: y - h / 2, w: w + 9, h };
    const key = `${name}, ${state}`;
    const base = { kind: "city" as const, key, text: name, y: y + LABEL_FONT.city / 2 - 1, dot: { x, y } };
    if (tryPlace(right, { ...base, x: x + 5, anchor: "start" }) || tryPlace(left, { ...base, x: x - 5, anchor: "end" })) named++;
  }
  return out;
}
