/**
 * Writes the per-state outline files the state pages load (spec 000 section 7: "per-state outline files,
 * static GET by upper-case state abbreviation"): ui/public/state_outlines/{AK,...,DC,PR}.json, plus US.json
 * (every state and DC in one FeatureCollection) for the home page map. Source: the Census-derived TopoJSON
 * in us-atlas (states-10m). Coordinates are rounded to 0.01 degree (about 1 km, far below a pixel at the
 * sizes we draw) and repeated points dropped, which keeps the files small. The output is committed, so
 * nothing needs to run at start: `npm run build:outlines` only after upgrading us-atlas.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { feature } from "topojson-client";
import type { Topology, GeometryCollection } from "topojson-specification";
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from "geojson";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "ui", "public", "state_outlines");

/** Census FIPS codes of the 50 states, DC and Puerto Rico. */
export const FIPS_TO_ABBR: Record<string, string> = {
  "01": "AL",
  "02": "AK",
  "04": "AZ",
  "05": "AR",
  "06": "CA",
  "08": "CO",
  "09": "CT",
  "10": "DE",
  "11": "DC",
  "12": "FL",
  "13": "GA",
  "15": "HI",
  "16": "ID",
  "17": "IL",
  "18": "IN",
  "19": "IA",
  "20": "KS",
  "21": "KY",
  "22": "LA",
  "23": "ME",
  "24": "MD",
  "25": "MA",
  "26": "MI",
  "27": "MN",
  "28": "MS",
  "29": "MO",
  "30": "MT",
  "31": "NE",
  "32": "NV",
  "33": "NH",
  "34": "NJ",
  "35": "NM",
  "36": "NY",
  "37": "NC",
  "38": "ND",
  "39": "OH",
  "40": "OK",
  "41": "OR",
  "42": "PA",
  "44": "RI",
  "45": "SC",
  "46": "SD",
  "47": "TN",
  "48": "TX",
  "49": "UT",
  "50": "VT",
  "51": "VA",
  "53": "WA",
  "54": "WV",
  "55": "WI",
  "56": "WY",
  "72": "PR",
};

const DIGITS = 2;
const round = (n: number) => Math.round(n * 10 ** DIGITS) / 10 ** DIGITS;

interface Detail {
  /** Douglas-Peucker tolerance, degrees */
  tolerance: number;
  /** Islands smaller than this (square degrees) or than 0.1% of the largest part are dropped; the largest part always stays. */
  minArea: number;
}
/** Per-state files are drawn 300 px high; US.json draws the whole country in about 900 px. */
export const STATE_DETAIL: Detail = { tolerance: 0.01, minArea: 0.002 };
export const US_DETAIL: Detail = { tolerance: 0.04, minArea: 0.02 };

function distToSegment(p: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

function douglasPeucker(points: Position[], tolerance: number): Position[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    let maxD = 0;
    let index = -1;
    for (let i = from + 1; i < to; i++) {
      const d = distToSegment(points[i], points[from], points[to]);
      if (d > maxD) [maxD, index] = [d, i];
    }
    if (index >= 0 && maxD > tolerance) {
      keep[index] = 1;
      stack.push([from, index], [index, to]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const ringArea = (ring: Position[]) =>
  Math.abs(
    ring.reduce((a, p, i) => {
      const q = ring[(i + 1) % ring.length];
      return a + p[0] * q[1] - q[0] * p[1];
    }, 0),
  ) / 2;

/** Simplifies, rounds and drops repeated points; rings that collapse below a triangle are dropped. */
function simplifyRing(ring: Position[], d: Detail): Position[] | null {
  // Split the closed ring in two halves so the end points of Douglas-Peucker are far apart.
  const mid = Math.floor(ring.length / 2);
  const simplified = [...douglasPeucker(ring.slice(0, mid + 1), d.tolerance).slice(0, -1), ...douglasPeucker(ring.slice(mid), d.tolerance)];
  const out: Position[] = [];
  for (const [x, y] of simplified) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  if (out.length < 3) return null;
  const first = out[0];
  const last = out[out.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) out.push([first[0], first[1]]);
  return out.length >= 4 ? out : null;
}

function simplifyPolygon(rings: Position[][], d: Detail): Position[][] | null {
  const outer = simplifyRing(rings[0], d);
  if (!outer) return null;
  return [
    outer,
    ...rings
      .slice(1)
      .filter((r) => ringArea(r) >= d.minArea)
      .map((r) => simplifyRing(r, d))
      .filter((r): r is Position[] => r !== null),
  ];
}

export function simplifyGeometry(g: Geometry, d: Detail): Polygon | MultiPolygon | null {
  const parts = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
  if (!parts.length) return null;
  const largest = Math.max(...parts.map((p) => ringArea(p[0])));
  const polys = parts
    .filter((p) => ringArea(p[0]) >= Math.min(Math.max(d.minArea, largest * 0.001), largest))
    .map((p) => simplifyPolygon(p, d))
    .filter((p): p is Position[][] => p !== null);
  if (!polys.length) return null;
  return polys.length === 1 ? { type: "Polygon", coordinates: polys[0] } : { type: "MultiPolygon", coordinates: polys };
}

export interface OutlineProperties {
  abbr: string;
  name: string;
}

export function buildOutlines(detail: Detail): Map<string, Feature<Polygon | MultiPolygon, OutlineProperties>> {
  const topology = require("us-atlas/states-10m.json") as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const states = feature(topology, topology.objects.states) as FeatureCollection<Geometry, { name: string }>;
  const out = new Map<string, Feature<Polygon | MultiPolygon, OutlineProperties>>();
  for (const f of states.features) {
    const abbr = FIPS_TO_ABBR[String(f.id)];
    if (!abbr) continue;
    const geometry = simplifyGeometry(f.geometry, detail);
    if (!geometry) throw new Error(`${abbr} has no outline left after simplifying`);
    out.set(abbr, { type: "Feature", id: abbr, properties: { abbr, name: f.properties.name }, geometry });
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outlines = buildOutlines(STATE_DETAIL);
  fs.mkdirSync(outDir, { recursive: true });
  let total = 0;
  for (const [abbr, f] of outlines) {
    const text = JSON.stringify(f);
    fs.writeFileSync(path.join(outDir, `${abbr}.json`), text);
    total += text.length;
  }
  const us: FeatureCollection = { type: "FeatureCollection", features: [...buildOutlines(US_DETAIL).values()].filter((f) => f.properties.abbr !== "PR") };
  const usText = JSON.stringify(us);
  fs.writeFileSync(path.join(outDir, "US.json"), usText);
  console.log(
    `Wrote ${outlines.size} state outlines (${Math.round(total / 1024)} kB) and US.json (${Math.round(usText.length / 1024)} kB) to ${path.relative(root, outDir)}`,
  );
}
