import type Router from "@koa/router";
import { z } from "zod";
import { EmailSettings } from "../models/EmailSettings";
import { cachePublicly } from "../lib/cache";
import { sendPublicJson } from "../lib/readCache";
import { parse } from "../lib/validate";
import type { GeocodeAnswer, SiteConfig } from "../contracts/content";
import { geocodePlaceOffline } from "../integrations/geocoder/offline";
import type { Services } from "../services";

export const geocodeQuery = z.object({
  q: z.string({ error: "q is required" }).trim().min(1, "q is required").max(100, "q must be at most 100 characters"),
});

/**
 * What the public pages need to know about the site: the maps key (a browser key, so it may be public)
 * and the email service that decides which list id the signup widget sends. Plus the offline place
 * search the home page uses when no Google key is set.
 */
export function siteConfigRoutes(router: Router, s: Services) {
  router.get("/site_config", async (ctx) => {
    const settings = await EmailSettings.query().findById(1);
    const body: SiteConfig = {
      googleMapsApiKey: s.config.googleMapsApiKey,
      hasGoogleMapsKey: Boolean(s.config.googleMapsApiKey),
      emailServiceName: settings?.serviceName === "bronto" ? "bronto" : "sendInBlue",
    };
    sendPublicJson(ctx, body);
  });

  /** Free-text place ("10014", "Austin, TX", "Portland, Oregon") to a point, or place null. */
  router.get("/geocode", async (ctx) => {
    const { q } = parse(geocodeQuery, ctx.query);
    const place = geocodePlaceOffline(q);
    const body: GeocodeAnswer = { place: place ? { lat: place.lat, lng: place.lng, label: place.label } : null };
    cachePublicly(ctx, 3600);
    ctx.body = body;
  });
}
