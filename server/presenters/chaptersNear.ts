import { chapterName, displayTitle, normalizeState, type NearChapter } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import type { ChapterEvent } from "../models/ChapterEvent";
import { geocodeOffline } from "../integrations/geocoder/offline";
import { upcomingUntil } from "../schedule/engine";
import { nextOccurrenceMemo, pinRowOf } from "./chapterPins";
import { mapInSlices } from "../lib/slices";

/** An active chapter where it can be found by distance: its pin's place, or else its own ZIP code or city. */
export interface PlacedChapter extends Omit<NearChapter, "distanceMiles"> {
  lat: number;
  lng: number;
}

/**
 * Every active chapter with a place, for the nearest-chapter search: the place of its pin (the event the home map
 * pins) or, for a chapter with no event placed yet, the centre of its ZIP code or city. `types` name the chapters'
 * types; `expiry.at` becomes the moment a next date shown stops being upcoming.
 */
export async function placedChapters(
  chapters: Chapter[],
  events: ChapterEvent[],
  types: { id: number; name: string }[],
  now: Date,
  expiry: { at: number },
): Promise<PlacedChapter[]> {
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  const byChapter = new Map<number, ChapterEvent[]>();
  for (const e of events) byChapter.set(e.chapterId, [...(byChapter.get(e.chapterId) ?? []), e]);
  const memo = nextOccurrenceMemo(now);
  const placed = await mapInSlices(chapters, (c): PlacedChapter | null => {
    const [, , , , , pinLat, pinLng, nextDate, eventName] = pinRowOf(c, byChapter.get(c.id) ?? [], (e, zone) => {
      const next = memo(e, zone);
      if (next) expiry.at = Math.min(expiry.at, upcomingUntil(next));
      return next;
    });
    const point = pinLat != null && pinLng != null ? { lat: pinLat, lng: pinLng } : geocodeOffline({ postalCode: c.postalCode, city: c.city, state: c.state });
    if (!point) return null;
    return {
      id: c.id,
      slug: c.slug,
      title: displayTitle(c),
      name: chapterName(c, typeNames.get(c.chapterTypeId) ?? ""),
      city: c.city,
      state: normalizeState(c.state),
      chapterTypeId: c.chapterTypeId,
      next: nextDate ? { date: nextDate, name: eventName } : null,
      ...point,
    };
  });
  return placed.filter((p): p is PlacedChapter => p !== null);
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points, in miles (haversine). */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The `limit` chapters nearest a point, nearest first (ties by title), with their distance to one decimal. One pass
 * over the chapters, keeping the nearest `limit` (at most 50) in order: no sort of the whole network.
 */
export function nearestChapters(chapters: PlacedChapter[], from: { lat: number; lng: number }, limit: number): NearChapter[] {
  const best: { c: PlacedChapter; miles: number }[] = [];
  const before = (a: { c: PlacedChapter; miles: number }, b: { c: PlacedChapter; miles: number }) =>
    a.miles < b.miles || (a.miles === b.miles && a.c.title.localeCompare(b.c.title) < 0);
  for (const c of chapters) {
    const entry = { c, miles: milesBetween(from, c) };
    if (best.length === limit && !before(entry, best[limit - 1])) continue;
    let i = best.length;
    while (i > 0 && before(entry, best[i - 1])) i--;
    best.splice(i, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best.map(({ c: { lat: _lat, lng: _lng, ...chapter }, miles }) => ({ ...chapter, distanceMiles: Math.round(miles * 10) / 10 }));
}
