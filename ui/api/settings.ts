import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FrontPageInfo, SiteConfig } from "../../server/contracts/content";
import { get } from "./queryClient";

export const settingsKeys = {
  all: ["settings"] as const,
  siteConfig: () => [...settingsKeys.all, "siteConfig"] as const,
  frontPage: () => [...settingsKeys.all, "frontPage"] as const,
};

/** What the site behaves as when its configuration cannot be loaded: no Google key, Send In Blue lists. */
export const FALLBACK_SITE_CONFIG: SiteConfig = { googleMapsApiKey: null, hasGoogleMapsKey: false, emailServiceName: "sendInBlue" };

/** Site settings: the public site configuration and the front page call-out. */
export const settingsQueries = {
  /** Asked for once per page load. */
  siteConfig: () => queryOptions({ queryKey: settingsKeys.siteConfig(), queryFn: get<SiteConfig>("/api/site_config"), staleTime: Infinity }),
  frontPage: () => queryOptions({ queryKey: settingsKeys.frontPage(), queryFn: get<FrontPageInfo>("/api/front_page") }),
};

/** The site configuration, or null until it has arrived; without an answer the site behaves as if no Google key were set. */
export function useSiteConfig(): SiteConfig | null {
  const { data, isError } = useQuery(settingsQueries.siteConfig());
  return data ?? (isError ? FALLBACK_SITE_CONFIG : null);
}
