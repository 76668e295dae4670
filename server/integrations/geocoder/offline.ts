import zipcodes, { type ZipRecord } from "zipcodes";
import type { AddressQuery, GeoPoint, Geocoder } from "./types";
import { PLACE_MAX_LENGTH, parsePlace } from "../../contracts/place";
import { STATES } from "../../contracts/chapter";

/** Centres of a few places outside the US ZIP data the demo and common input use, by their names in lower case. */
const WORLD_CITIES: Record<string, GeoPoint & { label: string }> = {
  london: { lat: 51.5074, lng: -0.1278, label: "London" },
  paris: { lat: 48.8566, lng: 2.3522, label: "Paris" },
  berlin: { lat: 52.52, lng: 13.405, label: "Berlin" },
  toronto: { lat: 43.6532, lng: -79.3832, label: "Toronto" },
  "mexico city": { lat: 19.4326, lng: -99.1332, label: "Mexico City" },
};

const round = (n: number) => Math.round(n * 1e5) / 1e5;

function averageOf(records: ZipRecord[]): GeoPoint | null {
  if (!records.length) return null;
  const lat = records.reduce((a, r) => a + r.latitude, 0) / records.length;
  const lng = records.reduce((a, r) => a + r.longitude, 0) / records.length;
  return { lat: round(lat), lng: round(lng) };
}

/** Each state's ZIP codes by their city's name in capitals, made on the state's first search. */
const citiesOfState = new Map<string, Map<string, ZipRecord[]>>();

/**
 * The ZIP codes of a city (its name in any case) in a state (abbreviated, in capitals): what zipcodes.lookupByName
 * answers, from an index of the state's ZIP codes by city, where lookupByName reads every ZIP code of the state each
 * time (a name searched in every state took some 20 ms).
 */
function zipsOf(city: string, state: string): ZipRecord[] {
  let cities = citiesOfState.get(state);
  if (!cities) {
    cities = new Map();
    for (const rec of zipcodes.lookupByState(state)) {
      const name = rec.city.toUpperCase();
      const same = cities.get(name);
      if (same) same.push(rec);
      else cities.set(name, [rec]);
    }
    citiesOfState.set(state, cities);
  }
  return cities.get(city.toUpperCase()) ?? [];
}

function byCity(city: string, state?: string): GeoPoint | null {
  const c = city.trim();
  if (!c) return null;
  if (state && state.trim().length === 2) {
    const hit = averageOf(zipsOf(c, state.trim().toUpperCase()));
    if (hit) return hit;
  }
  const world = WORLD_CITIES[c.toLowerCase()];
  return world ? { lat: world.lat, lng: world.lng } : null;
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

/** The middle of a US state's ZIP codes, labelled with its name: a state searched for alone ("Texas"). */
function byStateName(name: string): (GeoPoint & { label: string }) | null {
  const entry = Object.entries(STATES).find(([abbr, full]) => abbr.length === 2 && full.toLowerCase() === name);
  const hit = entry ? averageOf(zipcodes.lookupByState(entry[0].toUpperCase())) : null;
  return entry && hit ? { ...hit, label: entry[1] } : null;
}

/**
 * Free text as typed in the home page search, read as parsePlace reads it: "10014", "78704-0001", "Austin, TX 78704",
 * "Austin, TX", "Austin Texas", "drinking liberally near Austin, TX", "London", "Texas". Labelled with the names the
 * ZIP data gives ("Austin, TX").
 */
export function geocodePlaceOffline(text: string): (GeoPoint & { label: string }) | null {
  const place = parsePlace(text);
  if (place.zip) {
    const rec = zipcodes.lookup(place.zip);
    return rec ? { lat: rec.latitude, lng: rec.longitude, label: `${rec.city}, ${rec.state} ${rec.zip}` } : null;
  }
  if (place.city && place.state) {
    const abbr = place.state.toUpperCase();
    const zips = zipsOf(place.city, abbr);
    const hit = averageOf(zips);
    return hit ? { ...hit, label: `${zips[0].city}, ${abbr}` } : null;
  }
  const t = place.text;
  if (!t || t.length > PLACE_MAX_LENGTH) return null;
  const world = WORLD_CITIES[t];
  if (world) return { ...world };
  // A bare US city name: take the state with the most ZIP codes for it ("New York", "Washington" are cities first).
  let best: ZipRecord[] = [];
  for (const abbr of Object.keys(zipcodes.states.abbr)) {
    const recs = zipsOf(t, abbr);
    if (recs.length > best.length) best = recs;
  }
  const hit = averageOf(best);
  return hit ? { ...hit, label: `${best[0].city}, ${best[0].state}` } : byStateName(t);
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
