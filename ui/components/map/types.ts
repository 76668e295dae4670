import type { ReactNode } from "react";

/** One marker on a map (spec 000 section 3 "Map marker"): where, what, and how it looks. */
export interface MapPin {
  /** Unique per map, e.g. the chapter id. */
  id: string;
  lat: number;
  lng: number;
  /** Accessible name and tooltip, e.g. "Austin: Scholz Garten". */
  title: string;
  /** Chapter type name (drinking, screening, ...): decides the icon. */
  typeName: string;
  /** Chapter type colour. */
  color: string;
  /** Lower-case state of the chapter ("int" outside the US). */
  state: string;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** What a map shows before anyone pans: the whole US, one state, or one place. */
export type MapView = { kind: "us" } | { kind: "state"; state: string } | { kind: "point"; center: LatLng; state: string };

/**
 * The outline files (upper-case names) a view of the offline map draws: the US with Puerto Rico's inset; one
 * state; or, around a point (a chapter's map), every state, so the states next to it show too (Puerto Rico's own).
 */
export function outlineNamesOf(view: MapView): string[] {
  if (view.kind === "us") return ["US", "PR"];
  if (!view.state || view.state === "int") return [];
  if (view.kind === "point") return [view.state === "pr" ? "PR" : "US"];
  return [view.state.toUpperCase()];
}

/** A request to recentre, e.g. after a place search or geolocation; `key` changes for each request. */
export interface MapFocus extends LatLng {
  zoom: number;
  key: number;
}

/**
 * The one map interface. Two implementations: our own offline SVG map (the default) and Google Maps
 * (only when the site has a key). Both draw each pin at its place, overlapping pins as a cluster with a count,
 * open the info window of the selected pin and keep every pin clickable, also when several share a place.
 */
export interface ChapterMapProps {
  view: MapView;
  pins: MapPin[];
  /** Pixels; spec: home 500, state 300. */
  height: number;
  /** Google zoom level of the view; the offline map treats the view's own fit as this zoom. */
  zoom: number;
  focus?: MapFocus | null;
  selectedPinId: string | null;
  onSelectPin: (id: string | null) => void;
  /** Content of the info window of a pin. */
  renderInfo: (pin: MapPin) => ReactNode;
  /** Accessible name of the map region. */
  label: string;
}

/** The middle of the contiguous US, where the home map starts (zoom 4). */
export const US_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 };
/** Alaska's map is centred here instead of on its bounding box (the Aleutians cross the antimeridian). */
export const ALASKA_CENTER: LatLng = { lat: 63.5888, lng: -154.4931 };
export const MAP_ZOOM = { home: 4, search: 7, state: 5, chapter: 15 } as const;
export const MAP_HEIGHT = { home: 500, state: 300, chapter: 300 } as const;
export const INFO_WINDOW = { maxWidth: 400, padding: 10 } as const;
export const PIN_SIZE = 40;
/** The clickable part of a pin, around its marker: pins closer than this across and up overlap, and are clustered. */
export const PIN_HIT = { w: 28, h: 36 } as const;
/** The loading overlay hides once the map is ready or after this long. */
export const MAP_LOADING_MAX_MS = 3000;
