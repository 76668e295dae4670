import { startTransition, useEffect, useState } from "react";
import type { SiteConfig } from "../../server/contracts/content";
import { api } from "../api/client";

const FALLBACK: SiteConfig = { googleMapsApiKey: null, hasGoogleMapsKey: false, emailServiceName: "sendInBlue" };
let pending: Promise<SiteConfig> | null = null;

/** GET /api/site_config once per page load; without an answer the site behaves as if no Google key were set. */
export function loadSiteConfig(): Promise<SiteConfig> {
  pending ??= api.get<SiteConfig>("/api/site_config").catch((err) => {
    console.warn("Site configuration could not be loaded", err);
    pending = null;
    return FALLBACK;
  });
  return pending;
}

/** The site configuration, or null until it has arrived. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadSiteConfig().then((c) => live && startTransition(() => setConfig(c)));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
