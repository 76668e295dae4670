/**
 * Calendar feeds (RFC 5545) with ical-generator. Local times are built with luxon in the chapter's zone and
 * written with TZID plus a VTIMEZONE per zone (@touch4it/ical-timezones): a JS Date with a timezone and no
 * VTIMEZONE would print the UTC hour under the local label.
 *
 * The output depends only on the stored rows (DTSTAMP and LAST-MODIFIED are the event's updatedAt), so every
 * app process renders the same bytes for the same data and ETags agree across processes.
 */
import ical, { ICalCalendarMethod } from "ical-generator";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { DateTime } from "luxon";
import { displayTitle, normalizeState } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import type { ChapterEvent } from "../models/ChapterEvent";
import { scheduleOf } from "../presenters/schedule";
import { isValidTimeZone } from "../schedule/engine";
import { feedComponents } from "./rrule";

export interface FeedEvent {
  event: ChapterEvent;
  chapter: Chapter;
}

export interface FeedOptions {
  name: string;
  description: string;
  publicUrl: string;
  events: FeedEvent[];
}

/** Subscribed calendars are asked to refresh hourly; with ETags most refreshes are a 304. */
export const FEED_TTL_SECONDS = 3600;

const UTC_ZONES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT"]);

export const chapterUrl = (publicUrl: string, c: Pick<Chapter, "state" | "slug">) => `${publicUrl}/chapter/${normalizeState(c.state)}/${c.slug}`;

function locationOf(e: ChapterEvent): string {
  const cityLine = [e.city, [e.state, e.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [e.name, e.address1, e.address2, cityLine, e.country].map((p) => p?.trim()).filter(Boolean).join(", ");
}

/** The date (YYYY-MM-DD, in the chapter's zone) a repeating event's rules start from: the day it was created. */
function anchorDate(e: ChapterEvent, zone: string): string {
  const created = e.createdAt ? DateTime.fromISO(e.createdAt, { zone }) : null;
  return (created?.isValid ? created : DateTime.fromMillis(0, { zone })).toISODate()!;
}

export function buildFeed(opts: FeedOptions): string {
  const cal = ical({
    prodId: { company: "Living Liberally", product: "Chapterhouse", language: "EN" },
    name: opts.name,
    description: opts.description,
    method: ICalCalendarMethod.PUBLISH,
  });
  cal.timezone({ name: null, generator: (tz) => getVtimezoneComponent(tz) });

  const rows = [...opts.events].sort(
    (a, b) => displayTitle(a.chapter).localeCompare(displayTitle(b.chapter)) || a.chapter.id - b.chapter.id || a.event.id - b.event.id,
  );
  for (const { event, chapter } of rows) {
    const zone = isValidTimeZone(chapter.timeZone) ? chapter.timeZone : "UTC";
    const utc = UTC_ZONES.has(zone);
    const stamp = DateTime.fromISO(event.updatedAt ?? event.createdAt ?? "1970-01-01T00:00:00Z", { zone: "utc" });
    const url = chapterUrl(opts.publicUrl, chapter);
    const geo = event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {};
    for (const part of feedComponents(event.id, scheduleOf(event, zone), anchorDate(event, zone))) {
      cal.createEvent({
        id: part.uid,
        sequence: event.sequence,
        stamp,
        lastModified: stamp,
        created: event.createdAt ? DateTime.fromISO(event.createdAt, { zone: "utc" }) : null,
        start: utc ? part.start.toUTC() : part.start,
        end: utc ? part.end.toUTC() : part.end,
        timezone: utc ? null : zone,
        repeating: part.rrule,
        summary: `${displayTitle(chapter)} at ${event.name}`,
        description: [event.description.trim(), url].filter(Boolean).join("\n\n"),
        location: { title: locationOf(event), ...geo },
        url,
      });
    }
  }
  return withRefreshInterval(cal.toString());
}

/**
 * Adds the refresh hints among the calendar's own properties. (ical-generator's `ttl` writes them after the
 * VTIMEZONEs, where RFC 5545's grammar allows no calendar property.)
 */
function withRefreshInterval(text: string): string {
  const hours = FEED_TTL_SECONDS / 3600;
  const lines = `\r\nREFRESH-INTERVAL;VALUE=DURATION:PT${hours}H\r\nX-PUBLISHED-TTL:PT${hours}H`;
  const firstComponent = text.search(/\r\nBEGIN:V(?!CALENDAR)/);
  const at = firstComponent === -1 ? text.lastIndexOf("\r\nEND:VCALENDAR") : firstComponent;
  const out = text.slice(0, at) + lines + text.slice(at);
  return out.endsWith("\r\n") ? out : out + "\r\n";
}
