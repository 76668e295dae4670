import { queryOptions } from "@tanstack/react-query";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { ApiRequestError } from "./client";
import { platform } from "../platform";

export type Outline =
  Feature<Polygon | MultiPolygon, { abbr: string; name: string }> | FeatureCollection<Polygon | MultiPolygon, { abbr: string; name: string }>;

const outlineKeys = {
  all: ["outlines"] as const,
  outline: (name: string) => [...outlineKeys.all, name.toUpperCase()] as const,
};

/**
 * The maps' state outline files (spec 000 section 7): not the API but static files of the UI
 * (GET /state_outlines/{ABBR}.json, upper-case; US.json holds every state), cached like the API's answers.
 * They never change while the page is open.
 */
export const outlineQueries = {
  outline: (name: string) =>
    queryOptions({
      queryKey: outlineKeys.outline(name),
      queryFn: async ({ signal }): Promise<Outline> => {
        const file = `/state_outlines/${name.toUpperCase()}.json`;
        let res: Response;
        try {
          // Static files of the UI, beside the page; the server rendering a page reads them from itself.
          res = platform.fetch ? await platform.fetch(platform.apiBase() + file, { signal }) : await fetch(file, { signal });
        } catch (err) {
          throw new ApiRequestError(0, (err as Error).message || "Network error", "network_error", undefined, null);
        }
        if (!res.ok) throw new ApiRequestError(res.status, `${file}: ${res.status}`, "http_error", undefined, null);
        return (await res.json()) as Outline;
      },
      staleTime: Infinity,
    }),
};
