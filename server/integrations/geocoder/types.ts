export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface AddressQuery {
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

/** Turns an address or a free-text place into coordinates; null when it cannot. Never throws. */
export interface Geocoder {
  readonly name: string;
  geocodeAddress(query: AddressQuery): Promise<GeoPoint | null>;
  /** A place search, read as parsePlace (server/contracts/place.ts) reads it: its spellings find the same place. */
  geocodePlace(text: string): Promise<(GeoPoint & { label: string }) | null>;
}
