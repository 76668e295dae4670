import type { MapPin } from "./types";
import { readableTextOn } from "../../lib/contrast";
import { fanOut, groupNear } from "./cluster";
import { MAP_COLOURS } from "../../lib/palette";

/** Short text drawn on each pin so types differ by more than colour. */
export const TYPE_GLYPH: Record<string, string> = {
  drinking: "Dr",
  screening: "Sc",
  living: "Lv",
  laughing: "La",
  dining: "Di",
  reading: "Rd",
};

export const glyphFor = (typeName: string) => TYPE_GLYPH[typeName] ?? (typeName.slice(0, 2) || "?");

/** The pin as an SVG document (Google marker icons need a URL). 40 x 40, tip at the bottom centre. */
export function pinSvg(color: string, typeName: string): string {
  const glyph = glyphFor(typeName);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><path d="M20 39C20 39 6 24 6 15a14 14 0 0 1 28 0c0 9-14 24-14 24z" fill="${color}" stroke="${MAP_COLOURS.pinOutline}" stroke-width="2"/><text x="20" y="20" text-anchor="middle" font-family="Arial,sans-serif" font-size="11" font-weight="bold" fill="${readableTextOn(color)}">${glyph}</text></svg>`;
}

/** A cluster marker for Google maps: a round badge (the count is the marker's label). */
export const clusterDataUrl = () =>
  `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><circle cx="20" cy="20" r="17" fill="${MAP_COLOURS.cluster}" stroke="${MAP_COLOURS.pinOutline}" stroke-width="3"/></svg>`)}`;

export const pinDataUrl = (color: string, typeName: string) => `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(pinSvg(color, typeName))}`;

export interface Placed<T> {
  item: T;
  x: number;
  y: number;
}

/**
 * Pins closer than `minDistance` pixels form a group; each group's pins are fanned out on a small circle
 * around its centre so every one stays visible and clickable (e.g. New York City and Brooklyn at zoom 4).
 */
export function spreadOverlapping<T>(points: Placed<T>[], minDistance = 18): Placed<T>[] {
  return groupNear(points, minDistance).flatMap((group) => fanOut(group, minDistance));
}

/** For maps that draw by coordinates (Google): pins sharing a place are nudged apart by a few metres. */
export function spreadSamePlace(pins: MapPin[]): MapPin[] {
  const byPlace = new Map<string, MapPin[]>();
  for (const p of pins) {
    const key = `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), p]);
  }
  return [...byPlace.values()].flatMap((group) =>
    group.length === 1
      ? group
      : group.map((p, i) => {
          const angle = (2 * Math.PI * i) / group.length;
          return { ...p, lat: p.lat + 0.0004 * Math.sin(angle), lng: p.lng + 0.0005 * Math.cos(angle) };
        }),
  );
}
