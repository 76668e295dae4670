import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { geocodeQueries } from "../../api/geocode";
import { FALLBACK_SITE_CONFIG, settingsQueries } from "../../api/settings";
import type { LatLng } from "./types";

/**
 * A typed place to a point: Google's geocoder when the site has a key, our own (GET /api/geocode) otherwise.
 * Failures are only logged (spec 000 section 8) and give null.
 */
export function useGeocodePlace(): (text: string) => Promise<LatLng | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (text: string) => {
      try {
        const config = await queryClient.fetchQuery(settingsQueries.siteConfig()).catch(() => FALLBACK_SITE_CONFIG);
        if (config.googleMapsApiKey) {
          const { googleGeocode } = await import("./GoogleChapterMap");
          return await googleGeocode(text);
        }
        const res = await queryClient.fetchQuery(geocodeQueries.place(text));
        return res.place ? { lat: res.place.lat, lng: res.place.lng } : null;
      } catch (err) {
        console.warn("Geocoding failed", err);
        return null;
      }
    },
    [queryClient],
  );
}
