import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";

export type Outline = Feature<Polygon | MultiPolygon, { abbr: string; name: string }> | FeatureCollection<Polygon | MultiPolygon, { abbr: string; name: string }>;

const cache = new Map<string, Promise<Outline | null>>();

/**
 * A state's outline file (GET /state_outlines/{ABBR}.json, upper-case), or US.json with every state.
 * Failures resolve to null (the map then draws pins without outlines) and are only logged.
 */
export function loadOutline(name: string): Promise<Outline | null> {
  const key = name.toUpperCase();
  if (!cache.has(key)) {
    cache.set(
      key,
      fetch(`/state_outlines/${key}.json`)
        .then((r) => (r.ok ? (r.json() as Promise<Outline>) : Promise.reject(new Error(`${r.status}`))))
        .catch((err) => {
          console.warn(`State outline ${key} could not be loaded`, err);
          cache.delete(key);
          return null;
        }),
    );
  }
  return cache.get(key)!;
}

/** The middle of an outline's bounding box: where the Google state map is centred. */
export function boundingBoxCenter(outline: Outline): { lat: number; lng: number } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const walk = (x: unknown): void => {
    if (Array.isArray(x) && typeof x[0] === "number") {
      const [lng, lat] = x as number[];
      minX = Math.min(minX, lng);
      maxX = Math.max(maxX, lng);
      minY = Math.min(minY, lat);
      maxY = Math.max(maxY, lat);
    } else if (Array.isArray(x)) x.forEach(walk);
  };
  const features = "features" in outline ? outline.features : [outline];
  for (const f of features) walk(f.geometry.coordinates);
  return { lat: (minY + maxY) / 2, lng: (minX + maxX) / 2 };
}
