import { geoAlbersUsa, geoMercator, geoPath, type GeoProjection } from "d3-geo";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { ALASKA_CENTER, type LatLng, type MapView } from "./types";
import type { Outline } from "./outlines";

/** Space kept between the fitted outline and the map's edge. */
const FIT_PAD = 12;
/** A chapter's map (a point) starts this many times zoomed in on its base view, which shows about 8 km a pixel. */
export const POINT_START_ZOOM = 8;
const POINT_BASE_KM_PER_PX = 8.8;
const EARTH_RADIUS_KM = 6371;

/**
 * A projection as plain numbers: what the map draws with, and what it shows on its element (data-projection), so
 * a test can place a latitude and longitude where the map must draw it.
 */
export type ProjectionSpec =
  | { kind: "albersUsa"; scale: number; translate: [number, number] }
  | { kind: "mercator"; scale: number; translate: [number, number]; rotate: [number, number, number]; center: [number, number] };

export function projectionFrom(spec: ProjectionSpec): GeoProjection {
  if (spec.kind === "albersUsa") return geoAlbersUsa().scale(spec.scale).translate(spec.translate);
  return geoMercator().rotate(spec.rotate).center(spec.center).scale(spec.scale).translate(spec.translate);
}

const specOf = (kind: ProjectionSpec["kind"], p: GeoProjection): ProjectionSpec =>
  kind === "albersUsa"
    ? { kind, scale: p.scale(), translate: p.translate() }
    : { kind, scale: p.scale(), translate: p.translate(), rotate: p.rotate(), center: p.center() };

export type StateFeature = Feature<Polygon | MultiPolygon, { abbr: string; name: string }>;

export const featuresOf = (outline: Outline | null): StateFeature[] => (outline ? ("features" in outline ? outline.features : [outline]) : []);

interface MapProjection {
  spec: ProjectionSpec;
  projection: GeoProjection;
  /** Kilometres per pixel near the view's middle, unzoomed: decides which city names fit. */
  kmPerPx: number;
}

export interface Projections {
  main: MapProjection | null;
  /** Puerto Rico inset on the US map (geoAlbersUsa has no place for it). */
  inset: (MapProjection & { box: { x: number; y: number; w: number; h: number } }) | null;
  /** The drawn outlines (base pixels, before zoom), keyed and tagged by state. */
  paths: { d: string; key: string; abbr: string }[];
  insetPaths: string[];
  /** The states drawn, for their names. */
  shapes: StateShape[];
}

/** A state as drawn (base pixels, before zoom): where its name goes, and how big it is. */
export interface StateShape {
  abbr: string;
  name: string;
  feature: StateFeature;
  /** The middle of its largest part (Michigan's lower peninsula, Hawaii's Big Island). */
  anchor: [number, number];
  bounds: [[number, number], [number, number]];
}

/**
 * One pass over a state's outline: its SVG path, and its bounds and largest ring's centroid for its name (the
 * outlines are large; projecting them once per view and size keeps the map quick to draw).
 */
function drawState(projection: GeoProjection, feature: StateFeature): { d: string; shape: Omit<StateShape, "feature"> | null } {
  const rings: number[][] = [];
  let ring: number[] = [];
  const context = {
    moveTo: (x: number, y: number) => rings.push((ring = [x, y])),
    lineTo: (x: number, y: number) => ring.push(x, y),
    closePath: () => undefined,
    arc: () => undefined,
  };
  geoPath(projection, context as never)(feature);
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  let d = "";
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  let best = { area: 0, cx: NaN, cy: NaN };
  for (const pts of rings) {
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < pts.length; i += 2) {
      const [x, y] = [pts[i], pts[i + 1]];
      d += `${i ? "L" : "M"}${r3(x)},${r3(y)}`;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      const [nx, ny] = [pts[(i + 2) % pts.length], pts[(i + 3) % pts.length]];
      const cross = x * ny - nx * y;
      area += cross;
      cx += (x + nx) * cross;
      cy += (y + ny) * cross;
    }
    d += "Z";
    if (Math.abs(area) > Math.abs(best.area)) best = { area, cx: cx / (3 * area), cy: cy / (3 * area) };
  }
  const { abbr = "", name = "" } = feature.properties ?? {};
  const shape = Number.isFinite(best.cx)
    ? {
        abbr,
        name,
        anchor: [best.cx, best.cy] as [number, number],
        bounds: [
          [x0, y0],
          [x1, y1],
        ] as [[number, number], [number, number]],
      }
    : null;
  return { d, shape };
}

/** Kilometres per pixel at a place: the projected length of a tenth of a degree of latitude there. */
export function kmPerPxAt(projection: GeoProjection, at: LatLng): number {
  const a = projection([at.lng, at.lat - 0.05]);
  const b = projection([at.lng, at.lat + 0.05]);
  const px = a && b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : 0;
  return px > 0 ? (Math.PI * EARTH_RADIUS_KM) / 1800 / px : 1;
}

const withKm = (kind: ProjectionSpec["kind"], p: GeoProjection, at: LatLng): MapProjection => {
  const spec = specOf(kind, p);
  const projection = projectionFrom(spec);
  return { spec, projection, kmPerPx: kmPerPxAt(projection, at) };
};

/**
 * The projections of a view at a size: the whole US fitted (Albers, Alaska and Hawaii moved in, Puerto Rico in an
 * inset); one state fitted (Mercator; Alaska on its fixed centre); or a point (a chapter's place) in the middle of
 * a Mercator map of its region, with every state around it drawn.
 */
export function buildProjections(view: MapView, main: Outline | null, pr: Outline | null, w: number, h: number): Projections {
  const extent: [[number, number], [number, number]] = [
    [FIT_PAD, FIT_PAD],
    [w - FIT_PAD, h - FIT_PAD],
  ];
  let projection: MapProjection | null = null;
  let inset: Projections["inset"] = null;
  if (view.kind === "us") {
    if (main) projection = withKm("albersUsa", geoAlbersUsa().fitExtent(extent, main as FeatureCollection), { lat: 39.8, lng: -98.6 });
    if (pr) {
      const box = { w: Math.max(70, Math.round(w * 0.1)), h: Math.max(40, Math.round(h * 0.09)), x: 0, y: 0 };
      box.x = w - box.w - FIT_PAD;
      box.y = h - box.h - FIT_PAD - 12;
      const p = geoMercator().fitExtent(
        [
          [box.x + 4, box.y + 4],
          [box.x + box.w - 4, box.y + box.h - 4],
        ],
        pr as Feature,
      );
      inset = { ...withKm("mercator", p, { lat: 18.2, lng: -66.5 }), box };
    }
  } else if (view.kind === "point") {
    const { lat, lng } = view.center;
    const scale = (EARTH_RADIUS_KM * Math.cos((lat * Math.PI) / 180)) / POINT_BASE_KM_PER_PX;
    const p = geoMercator()
      .rotate([-lng, 0])
      .center([0, lat])
      .scale(scale)
      .translate([w / 2, h / 2]);
    projection = withKm("mercator", p, view.center);
  } else if (main && view.state === "ak") {
    // Alaska: a fixed centre; rotating to its meridian keeps the Aleutians (across 180 degrees) together.
    const p = geoMercator()
      .rotate([-ALASKA_CENTER.lng, 0])
      .fitExtent(extent, main as Feature);
    const c = p([ALASKA_CENTER.lng, ALASKA_CENTER.lat])!;
    const [tx, ty] = p.translate();
    p.translate([tx + w / 2 - c[0], ty + h / 2 - c[1]]);
    projection = withKm("mercator", p, ALASKA_CENTER);
  } else if (main) {
    // fitExtent centres the outline's bounding box.
    const p = geoMercator().fitExtent(extent, main as Feature);
    const [lng, lat] = p.invert!([w / 2, h / 2]) ?? [0, 0];
    projection = withKm("mercator", p, { lat, lng });
  }
  const states = featuresOf(main);
  const drawn = projection ? states.map((f) => drawState(projection.projection, f)) : [];
  const paths = drawn.map((d, i) => ({ d: d.d, key: String(states[i].id ?? i), abbr: states[i].properties?.abbr ?? "" }));
  const shapes = drawn.flatMap((d, i) => (d.shape ? [{ ...d.shape, feature: states[i] }] : []));
  const insetPaths = inset && pr ? [geoPath(inset.projection)(pr as Feature) ?? ""] : [];
  return { main: projection, inset, paths, insetPaths, shapes };
}
