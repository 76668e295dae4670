import type { AddressQuery, GeoPoint, Geocoder } from "./types";
import { defaultLogger, type Logger } from "../../lib/log";
import { parsePlace } from "../../contracts/place";

/** The documented answer of the Geocoding API (only the parts we read). */
interface GoogleGeocodeResponse {
  status: "OK" | "ZERO_RESULTS" | "OVER_DAILY_LIMIT" | "OVER_QUERY_LIMIT" | "REQUEST_DENIED" | "INVALID_REQUEST" | "UNKNOWN_ERROR" | string;
  error_message?: string;
  results?: { formatted_address?: string; geometry?: { location?: { lat?: unknown; lng?: unknown } } }[];
}

export interface GoogleGeocoderOptions {
  apiKey: string;
  /** https://maps.googleapis.com/maps/api/geocode/json, or a fake in tests. */
  url: string;
  timeoutMs?: number;
  /** Failures are warnings here (services: the server's logger, component "geocoder"); default: standard output. */
  log?: Logger;
}

/**
 * Google's Geocoding API. Any failure (no result, quota, denied key, timeout, bad answer) is null and logged:
 * the caller keeps going without coordinates.
 */
export class GoogleGeocoder implements Geocoder {
  readonly name = "google";
  private readonly log: Logger;
  constructor(private readonly opts: GoogleGeocoderOptions) {
    this.log = opts.log ?? defaultLogger().child({ component: "geocoder" });
  }

  async geocodeAddress(q: AddressQuery): Promise<GeoPoint | null> {
    const address = [q.address, q.city, [q.state, q.postalCode].filter(Boolean).join(" "), q.country]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(", ");
    const hit = await this.lookup(address);
    return hit ? { lat: hit.lat, lng: hit.lng } : null;
  }

  /**
   * A place search as parsePlace reads it: its ZIP code ("78704"), its city and state ("austin, tx"), or its text
   * ("london"). A ZIP code or a city in a US state is looked up in the US (five digits are a postcode elsewhere too).
   */
  async geocodePlace(text: string): Promise<(GeoPoint & { label: string }) | null> {
    const place = parsePlace(text);
    return this.lookup(place.zip ?? place.text, place.zip || place.state ? "country:US" : null);
  }

  private async lookup(address: string, components: string | null = null): Promise<(GeoPoint & { label: string }) | null> {
    if (!address) return null;
    const url = new URL(this.opts.url);
    url.searchParams.set("address", address);
    if (components) url.searchParams.set("components", components);
    url.searchParams.set("key", this.opts.apiKey);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000), headers: { accept: "application/json" } });
      if (!res.ok) {
        this.log.warn(`geocoder: HTTP ${res.status}`);
        return null;
      }
      const body = (await res.json()) as GoogleGeocodeResponse;
      if (body.status !== "OK") {
        if (body.status !== "ZERO_RESULTS") this.log.warn(`geocoder: ${body.status}${body.error_message ? ` (${body.error_message})` : ""}`);
        return null;
      }
      const first = body.results?.[0];
      const lat = first?.geometry?.location?.lat;
      const lng = first?.geometry?.location?.lng;
      if (typeof lat !== "number" || typeof lng !== "number" || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        this.log.warn("geocoder: answer without a location");
        return null;
      }
      return { lat, lng, label: first?.formatted_address ?? address };
    } catch (err) {
      this.log.warn(`geocoder: ${(err as Error).name === "TimeoutError" ? "timed out" : (err as Error).message}`);
      return null;
    }
  }
}
