import { Link } from "@chakra-ui/react";
import type { ChapterEventInfo } from "../../../server/contracts/chapter";
import { directionsUrl } from "./directions";

/** "Directions" to a meetup in the visitor's maps (a new tab, with no access back to this page); nothing without a place. */
export function DirectionsLink({ event }: { event: Parameters<typeof directionsUrl>[0] & Pick<ChapterEventInfo, "name"> }) {
  const href = directionsUrl(event);
  if (!href) return null;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="link" aria-label={`Directions to ${event.name} (opens in a new tab)`}>
      Directions
    </Link>
  );
}
