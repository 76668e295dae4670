import { useQuery } from "@tanstack/react-query";
import { outlineQueries, type Outline } from "../../api/outlines";

export type { Outline };

/**
 * A state's outline (upper-case abbreviation), or US with every state; none for no name. Null while loading
 * (done is false) and after a failure, which is logged: the map then draws its pins without outlines.
 */
export function useOutline(name: string | null): { outline: Outline | null; done: boolean } {
  const query = useQuery({ ...outlineQueries.outline(name ?? ""), enabled: name !== null });
  return { outline: query.data ?? null, done: name === null || !query.isPending };
}

/** The middle of an outline's bounding box: where the Google state map is centred. */
export function boundingBoxCenter(outline: Outline): { lat: number; lng: number } {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
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
