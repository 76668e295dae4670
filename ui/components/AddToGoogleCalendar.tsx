import { Link } from "@chakra-ui/react";
import type { MouseEvent } from "react";
import { chapterName, type ChapterDetail, type ListedMeetup } from "../../server/contracts/chapter";
import { chapterPath, formatDate } from "../lib/format";
import { googleCalendarUrl } from "../lib/googleCalendar";
import { platform } from "../platform";

/**
 * "Add to Google Calendar" for one meetup: Google's event template, opened in a new tab (on the desktop app, in
 * the system's browser). Its accessible name says which meetup, starting with the words it shows.
 */
export function AddToGoogleCalendar({ meetup, chapter }: { meetup: ListedMeetup; chapter: ChapterDetail }) {
  const page = (platform.apiBase() || window.location.origin) + chapterPath(chapter);
  const href = googleCalendarUrl(meetup, meetup.event, chapterName(chapter, chapter.chapterType.name), page);
  const handleClick = (e: MouseEvent) => {
    if (!platform.usesBearer) return; // the browser follows the link itself
    e.preventDefault();
    platform.openExternal(href);
  };
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={handleClick}
      colorPalette="brand"
      fontSize="sm"
      aria-label={`Add to Google Calendar: ${meetup.event.name}, ${formatDate(meetup.date)}`}
      data-testid="add-to-google-calendar"
    >
      Add to Google Calendar
    </Link>
  );
}
