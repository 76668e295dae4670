import type { Config } from "../../config";
import type { Logger } from "../../lib/log";
import { GoogleGeocoder } from "./google";
import { OfflineGeocoder } from "./offline";
import type { Geocoder } from "./types";

export type { GeoPoint, Geocoder } from "./types";

/** Google's Geocoding API when GOOGLE_MAPS_API_KEY is set, otherwise the embedded offline geocoder (US ZIP codes and cities). */
export function createGeocoder(config: Pick<Config, "googleMapsApiKey" | "googleGeocodeUrl">, log?: Logger): Geocoder {
  if (config.googleMapsApiKey) return new GoogleGeocoder({ apiKey: config.googleMapsApiKey, url: config.googleGeocodeUrl, log });
  return new OfflineGeocoder();
}
