import { queryOptions } from "@tanstack/react-query";
import type { GeocodeAnswer } from "../../server/contracts/content";
import { get } from "./queryClient";

export const geocodeKeys = {
  all: ["geocode"] as const,
  place: (text: string) => [...geocodeKeys.all, text] as const,
};

/** Our own geocoder (GET /api/geocode, offline ZIP and city data): a typed place to a point, or no place. */
export const geocodeQueries = {
  place: (text: string) =>
    queryOptions({ queryKey: geocodeKeys.place(text), queryFn: get<GeocodeAnswer>(`/api/geocode?q=${encodeURIComponent(text)}`), staleTime: Infinity }),
};
