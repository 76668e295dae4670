import { HStack, Link, Text } from "@chakra-ui/react";
import type { MouseEvent } from "react";
import { calendarFeedUrl } from "../api/events";
import { platform } from "../platform";

/** The same feed as a webcal:// address, which calendar apps open as a subscription. */
const webcalUrl = (httpUrl: string) => httpUrl.replace(/^https?:\/\//, "webcal://");

/**
 * 'Subscribe' (webcal://, the calendar app keeps it up to date) and 'Download .ics' links for a chapter's
 * meetings. On the desktop app the links open in the system (calendar app or browser).
 */
export function CalendarLinks({ slug }: { slug: string }) {
  const feed = calendarFeedUrl(slug);
  const subscribe = webcalUrl(feed);
  const download = `${feed}?download=1`;
  const handleClick = (url: string) => (e: MouseEvent) => {
    if (!platform.usesBearer) return; // the browser follows the link itself
    e.preventDefault();
    platform.openExternal(url);
  };
  return (
    <HStack gap="4" wrap="wrap" fontSize="sm" data-testid="calendar-links">
      <Text as="span" color="fg.muted">
        Add the meetings to your calendar:
      </Text>
      <Link href={subscribe} onClick={handleClick(subscribe)} colorPalette="brand">
        Subscribe
      </Link>
      <Link href={download} download={`${slug}.ics`} onClick={handleClick(download)} colorPalette="brand">
        Download .ics
      </Link>
    </HStack>
  );
}
