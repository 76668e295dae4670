import type { GeocodeAnswer } from "../../../server/contracts/content";
import { api } from "../../api/client";
import { loadSiteConfig } from "../../lib/siteConfig";
import type { LatLng } from "./types";

/**
 * A typed place to a point: Google's geocoder when the site has a key, our own (GET /api/geocode) otherwise.
 * Failures are only logged (spec 000 section 8) and give null.
 */
export async function geocodePlace(text: string): Promise<LatLng | null> {
  try {
    const config = await loadSiteConfig();
    if (config.googleMapsApiKey) {
      const { googleGeocode } = await import("./GoogleChapterMap");
      return await googleGeocode(text);
    }
    const res = await api.get<GeocodeAnswer>(`/api/geocode?q=${encodeURIComponent(text)}`);
    return res.place ? { lat: res.place.lat, lng: res.place.lng } : null;
  } catch (err) {
    console.warn("Geocoding failed", err);
    return null;
  }
}
