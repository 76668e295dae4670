import type { ChapterEventInfo } from "../../../server/contracts/chapter";
import { addressText, hasPlace } from "../../lib/format";

/** Google's cross-platform directions link: opens the Maps app on phones, maps.google.com elsewhere; no key. */
const DIRECTIONS_BASE = "https://www.google.com/maps/dir/";

type Place = Pick<ChapterEventInfo, "address1" | "address2" | "city" | "state" | "postalCode" | "lat" | "lng">;

/**
 * Directions to a meetup: its street address when it has one ("1607 San Jacinto Blvd, Austin, TX 78701"), else
 * its map place ("30.2713,-97.7426"); null when it has neither. The address is escaped by URLSearchParams.
 */
export function directionsUrl(place: Place): string | null {
  const destination = place.address1 ? addressText(place) : hasPlace(place) ? `${place.lat},${place.lng}` : "";
  if (!destination) return null;
  return `${DIRECTIONS_BASE}?${new URLSearchParams({ api: "1", destination }).toString()}`;
}
