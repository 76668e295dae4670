import zipcodes, { type ZipRecord } from "zipcodes";
import type { AddressQuery, GeoPoint, Geocoder } from "./types";

/** Centres of a few places outside the US ZIP data the demo and common input use. */
const WORLD_CITIES: Record<string, GeoPoint> = {
  london: { lat: 51.5074, lng: -0.1278 },
  paris: { lat: 48.8566, lng: 2.3522 },
  berlin: { lat: 52.52, lng: 13.405 },
  toronto: { lat: 43.6532, lng: -79.3832 },
  "mexico city": { lat: 19.4326, lng: -99.1332 },
};

const round = (n: number) => Math.round(n * 1e5) / 1e5;

function averageOf(records: ZipRecord[]): GeoPoint | null {
  if (!records.length) return null;
  const lat = records.reduce((a, r) => a + r.latitude, 0) / records.length;
  const lng = records.reduce((a, r) => a + r.longitude, 0) / records.length;
  return { lat: round(lat), lng: round(lng) };
}

function byCity(city: string, state?: string): GeoPoint | null {
  const c = city.trim();
  if (!c) return null;
  if (state && state.trim().length === 2) {
    const hit = averageOf(zipcodes.lookupByName(c, state.trim().toUpperCase()));
    if (hit) return hit;
  }
  return WORLD_CITIES[c.toLowerCase()] ?? null;
}

function byZip(postalCode?: string): GeoPoint | null {
  const zip = postalCode?.trim().match(/^(\d{5})(?:-\d{4})?$/)?.[1];
  const rec = zip ? zipcodes.lookup(zip) : undefined;
  return rec ? { lat: rec.latitude, lng: rec.longitude } : null;
}

/** Synchronous lookup: ZIP code first (most precise), then city and state. */
export function geocodeOffline(q: AddressQuery): GeoPoint | null {
  return byZip(q.postalCode) ?? byCity(q.city ?? "", q.state);
}

/** Free text as typed in the home page search: "10014", "Austin, TX", "Austin TX", "Portland, Oregon", "London". */
export function geocodePlaceOffline(text: string): (GeoPoint & { label: string }) | null {
  const t = text.trim();
  if (!t) return null;
  const zip = t.match(/^\d{5}$/)?.[0];
  if (zip) {
    const rec = zipcodes.lookup(zip);
    return rec ? { lat: rec.latitude, lng: rec.longitude, label: `${rec.city}, ${rec.state} ${rec.zip}` } : null;
  }
  const m = t.match(/^(.+?)[,\s]+([A-Za-z .]+)$/);
  if (m) {
    const stateRaw = m[2].trim();
    const abbr =
      stateRaw.length === 2
        ? stateRaw.toUpperCase()
        : Object.entries(zipcodes.states.abbr).find(([, name]) => name.toLowerCase() === stateRaw.toLowerCase())?.[0];
    if (abbr) {
      const hit = averageOf(zipcodes.lookupByName(m[1].trim(), abbr));
      if (hit) return { ...hit, label: `${m[1].trim()}, ${abbr}` };
    }
  }
  const world = WORLD_CITIES[t.toLowerCase()];
  if (world) return { ...world, label: t };
  // A bare US city name: take the state with the most ZIP codes for it.
  let best: ZipRecord[] = [];
  for (const abbr of Object.keys(zipcodes.states.abbr)) {
    const recs = zipcodes.lookupByName(t, abbr);
    if (recs.length > best.length) best = recs;
  }
  const hit = averageOf(best);
  return hit ? { ...hit, label: `${best[0].city}, ${best[0].state}` } : null;
}

export class OfflineGeocoder implements Geocoder {
  readonly name = "offline";
  async geocodeAddress(query: AddressQuery): Promise<GeoPoint | null> {
    return geocodeOffline(query);
  }
  async geocodePlace(text: string) {
    return geocodePlaceOffline(text);
  }
}
