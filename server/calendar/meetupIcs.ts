import ical, { ICalCalendarMethod } from "ical-generator";
import type { Occurrence } from "../schedule/engine";
import type { ChapterEvent } from "../models/ChapterEvent";
import { icsText, locationOf } from "./feed";

/**
 * One meetup as an iCalendar file (METHOD:PUBLISH) for the mail that records an RSVP: a single VEVENT in UTC, so
 * it needs no VTIMEZONE, with the UID of that date in the chapter's feed (the same meetup, should both be added).
 */
export function meetupIcs(opts: { event: ChapterEvent; occurrence: Occurrence; title: string; url: string }): string {
  const { event, occurrence, title, url } = opts;
  const cal = ical({ prodId: { company: "Living Liberally", product: "Chapterhouse", language: "EN" }, method: ICalCalendarMethod.PUBLISH });
  const geo = event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {};
  cal.createEvent({
    id: `event-${event.id}-${occurrence.date.replace(/-/g, "")}-rsvp@chapterhouse`,
    sequence: event.sequence,
    stamp: event.updatedAt ? new Date(event.updatedAt) : new Date(),
    start: occurrence.start.toUTC().toJSDate(),
    end: occurrence.end.toUTC().toJSDate(),
    summary: icsText(`${title} at ${event.name}`),
    description: icsText([event.description.trim(), url].filter(Boolean).join("\n\n")),
    location: { title: icsText(locationOf(event)), ...geo },
    url,
  });
  return cal.toString();
}
