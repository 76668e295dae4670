import type { ChapterEventInfo, NextDate } from "../../server/contracts/chapter";
import { addressText } from "./format";

/** An instant as Google Calendar's `dates` takes it: UTC, basic format (20261208T010000Z). */
const basicUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");

/**
 * The "Add to Google Calendar" address of one meetup (Google's event template: the title, the start and end in
 * UTC, the place and a line with the chapter's page), which Android and Gmail users expect beside a calendar file.
 * The chapter is named with its type ("Austin Drinking Liberally at Scholz Garten"), as the feeds name it.
 */
export function googleCalendarUrl(meetup: Pick<NextDate, "start" | "end">, event: ChapterEventInfo, chapterName: string, chapterUrl: string): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: `${chapterName} at ${event.name}`,
    dates: `${basicUtc(meetup.start)}/${basicUtc(meetup.end)}`,
    location: [event.name, addressText(event)].filter(Boolean).join(", "),
    details: [event.description, chapterUrl].filter(Boolean).join("\n\n"),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
