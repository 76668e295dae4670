/**
 * Calendar feeds (RFC 5545) with ical-generator. Local times are built with luxon in the chapter's zone and
 * written with TZID plus a VTIMEZONE per zone, written from the engine's own zone data (vtimezone.ts): a JS Date
 * with a timezone and no VTIMEZONE would print the UTC hour under the local label.
 *
 * The output depends only on the stored rows (DTSTAMP and LAST-MODIFIED are the event's updatedAt), so every
 * app process renders the same bytes for the same data and ETags agree across processes.
 */
import ical, { ICalCalendarMethod } from "ical-generator";
import { DateTime } from "luxon";
import { chapterName, normalizeState } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import { singleDatesPastBefore, type ChapterEvent } from "../models/ChapterEvent";
import { occurrenceOfEventOn, scheduleOf } from "../presenters/schedule";
import { isValidTimeZone, luxonZone } from "../schedule/engine";
import { feedComponents } from "./rrule";
import { vtimezoneOf } from "./vtimezone";
import { mapInSlices, runInSlices, runToEnd } from "../lib/slices";
import { keptString } from "../lib/keptString";
import { sortingByText } from "../lib/collate";

/** What a feed reads of a chapter; and the name of its type, which its name in the feed includes (chapterName). */
export const FEED_CHAPTER_COLUMNS = ["id", "title", "city", "state", "slug", "timeZone"] as const;
export type FeedChapter = Pick<Chapter, (typeof FEED_CHAPTER_COLUMNS)[number]> & { typeName: string };
/** What a feed reads of an event: its schedule, place, words and stamps. */
export const FEED_EVENT_COLUMNS = [
  "id",
  "name",
  "description",
  "address1",
  "address2",
  "city",
  "state",
  "postalCode",
  "country",
  "lat",
  "lng",
  "startTime",
  "endTime",
  "isSingleDate",
  "singleDate",
  "dayOfWeekIndex",
  "weeksOfMonthIndexes",
  "sequence",
  "createdAt",
  "updatedAt",
  "cancelledDates",
] as const;
export type FeedEventRow = Pick<ChapterEvent, (typeof FEED_EVENT_COLUMNS)[number]>;

export interface FeedEvent {
  event: FeedEventRow;
  chapter: FeedChapter;
}

export interface FeedOptions {
  name: string;
  description: string;
  publicUrl: string;
  events: FeedEvent[];
  /**
   * The date (YYYY-MM-DD) the feed is written on, which sets how far ahead meetups a clock change touches are
   * written one by one (feedHorizon). Feeds served from the cache pass the date their fingerprint holds, so the
   * bytes follow from the fingerprint; by default, two days ago (UTC), as that date is.
   */
  asOf?: string;
}

/**
 * How far ahead a feed writes one by one the meetups a clock change touches (docs/schedule.md): through the end
 * of the year after next, so at least two years of clock changes, and the bytes change once a year.
 */
const feedHorizon = (asOf: string) => `${String(Number(asOf.slice(0, 4)) + 2).padStart(4, "0")}-12-31`;

/** Subscribed calendars are asked to refresh hourly; with ETags most refreshes are a 304. */
const FEED_TTL_SECONDS = 3600;

const UTC_ZONES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT"]);

const chapterUrl = (publicUrl: string, c: Pick<Chapter, "state" | "slug">) =>
  `${publicUrl}/chapter/${encodeURIComponent(normalizeState(c.state))}/${encodeURIComponent(c.slug)}`;

/**
 * User text in a feed is the boundary's job, whatever got past validation (rows stored before it, too).
 * RFC 5545 TEXT allows no control character but tab. ical-generator escapes line breaks, commas and
 * semicolons of event properties itself; it drops nothing else, so other controls go here, and Unicode
 * line separators become line breaks it will escape.
 */
export function icsText(text: string): string {
  return text.replace(/[\u0085\u2028\u2029]/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");
}

/** Calendar properties ical-generator writes as given (NAME, X-WR-CALNAME, X-WR-CALDESC): escaped here as TEXT. */
function icsCalendarText(text: string): string {
  return icsText(text)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, "\\n");
}

export function locationOf(e: Pick<FeedEventRow, "name" | "address1" | "address2" | "city" | "state" | "postalCode" | "country">): string {
  const cityLine = [e.city, [e.state, e.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [e.name, e.address1, e.address2, cityLine, e.country]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ");
}

/** A stored time with its offset (…Z or ±hh:mm): the same instant whatever zone it is read in. */
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/;
/** A stored timestamp as Date.toISOString writes it (or without milliseconds). */
const UTC_STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

/**
 * A stored timestamp as an instant. Timestamps are stored as Date.toISOString writes them, which Date.parse reads
 * for a fraction of what luxon's ISO parser costs (a network feed reads tens of thousands); anything else, or a
 * date that does not exist, is read by luxon in UTC as before (an invalid Date when it is no time at all).
 */
export function storedInstant(iso: string): Date {
  if (UTC_STAMP.test(iso)) {
    const instant = new Date(Date.parse(iso));
    if (instant.getTime() === instant.getTime() && instant.toISOString() === (iso.length === 20 ? `${iso.slice(0, 19)}.000Z` : iso)) return instant;
  }
  return DateTime.fromISO(iso, { zone: "utc" }).toJSDate();
}

/**
 * The date (YYYY-MM-DD, in the chapter's zone) a repeating event's rules start from: the day it was created.
 * `created` is createdAt already read: a time with an offset is only moved to the zone's wall clock, not read again.
 */
function anchorDate(e: FeedEventRow, zone: string, created: Date | null): string {
  const luxon = luxonZone(zone);
  let local: DateTime | null = null;
  if (created && e.createdAt && HAS_OFFSET.test(e.createdAt)) {
    const at = created.getTime();
    if (at === at) {
      // The zone's offset at that instant gives the wall clock (setZone(zone).toISODate(), without a DateTime).
      const wall = new Date(at + (typeof luxon === "string" ? 0 : luxon.offset(at)) * 60_000).toISOString();
      if (wall.charAt(4) === "-") return wall.slice(0, 10);
      local = DateTime.fromMillis(at, { zone: luxon });
    }
  } else if (e.createdAt) local = DateTime.fromISO(e.createdAt, { zone: luxon });
  return (local?.isValid ? local : DateTime.fromMillis(0, { zone: luxon })).toISODate()!;
}

/** The dates of an event's cancelled meetups that are still on its schedule. */
const cancelledDatesOf = (event: FeedEventRow, zone: string): Set<string> =>
  new Set((event.cancelledDates ?? []).map((c) => c.date).filter((date) => occurrenceOfEventOn(event, zone, date) !== null));

/**
 * The RRULE of a repeating component, plus an EXDATE for each cancelled meetup, so subscribed calendars drop
 * those dates: the local time the rule gives that day (the start time on the date, in the zone of DTSTART; UTC
 * for UTC chapters), which a calendar program reads as it reads the rule's own. (No rule gives a meetup a clock
 * change touches, where programs read local times differently: rrule.ts.) ical-generator writes a multi-line
 * rule as given.
 */
function ruleWithExceptions(rrule: string, startTime: string, cancelled: ReadonlySet<string>, zone: string, utc: boolean): string {
  if (!cancelled.size) return rrule;
  const starts = [...cancelled].sort().map((date) => `${date.replace(/-/g, "")}T${startTime.replace(":", "")}00${utc ? "Z" : ""}`);
  return `RRULE:${rrule}\nEXDATE${utc ? "" : `;TZID=${zone}`}:${starts.join(",")}`;
}

/** The calendar's properties (with the refresh hints among them), folded, each line ending in CRLF. */
function feedHeader(opts: FeedOptions): string {
  const cal = ical({
    prodId: { company: "Living Liberally", product: "Chapterhouse", language: "EN" },
    name: icsCalendarText(opts.name),
    description: icsCalendarText(opts.description),
    method: ICalCalendarMethod.PUBLISH,
  });
  const text = cal.toString();
  const hours = FEED_TTL_SECONDS / 3600;
  // (ical-generator's `ttl` writes these after the VTIMEZONEs, where RFC 5545's grammar allows no calendar property.)
  return `${text.slice(0, text.lastIndexOf("END:VCALENDAR"))}REFRESH-INTERVAL;VALUE=DURATION:PT${hours}H\r\nX-PUBLISHED-TTL:PT${hours}H\r\n`;
}

/** A VTIMEZONE for a zone, with CRLF line ends, from the engine's own zone data (vtimezone.ts). */
const vtimezone = (zone: string): string => foldLines(vtimezoneOf(zone));

/**
 * RFC 5545 folding (lines of at most 75 octets, continued after CRLF and a space) as ical-generator does it,
 * for a text of whole lines; a line that cannot need folding is taken as it is.
 */
function foldLines(text: string): string {
  return text
    .split("\r\n")
    .map((line) => {
      if (line.length <= 24 || (line.length <= 74 && Buffer.byteLength(line) <= 74)) return line;
      let out = "";
      let octets = 0;
      for (let i = 0; i < line.length; i++) {
        let ch = line.charAt(i);
        if (ch >= "\ud800" && ch <= "\udbff") ch += line.charAt(++i);
        const n = Buffer.byteLength(ch);
        octets += n;
        if (octets > 74) {
          out += "\r\n ";
          octets = n;
        }
        out += ch;
      }
      return out;
    })
    .join("\r\n");
}

/**
 * Events as written into feeds, by everything their text is made of (the event's feed columns, its chapter's
 * and the site's address): an event's VEVENTs depend on nothing else, so a feed built again after a change
 * writes only the events that changed, and the state and chapter feeds reuse what the network feed wrote. A
 * changed row has another key; its old text is dropped with the oldest once MAX_RENDERED_EVENTS are kept.
 */
const renderedEvents = new Map<string, string>();
const MAX_RENDERED_EVENTS = 50_000;
/** How many event pieces feeds have written, and how many they took as kept (for tests). */
export const pieceStats = { made: 0, kept: 0 };

function pieceKey(publicUrl: string, until: string, chapter: FeedChapter, event: FeedEventRow): string {
  return JSON.stringify([
    publicUrl,
    until,
    FEED_CHAPTER_COLUMNS.map((column) => chapter[column]),
    chapter.typeName,
    FEED_EVENT_COLUMNS.map((column) => event[column]),
  ]);
}

function keepRenderedEvent(key: string, text: string): void {
  if (renderedEvents.size >= MAX_RENDERED_EVENTS) renderedEvents.delete(renderedEvents.keys().next().value!);
  renderedEvents.set(keptString(key), keptString(text));
}

/** Forgets every event written (tests use it to play a cold process). */
export function forgetRenderedEvents(): void {
  renderedEvents.clear();
}

/** A feed's events in their order, with each chapter's name and zone (the zones in the order of first use). */
interface FeedPlan {
  rows: FeedEvent[];
  titles: Map<FeedChapter, string>;
  zones: Map<FeedChapter, string>;
}

/**
 * Plans a feed in steps, pausing (a bare `yield`) between them: for a network's tens of thousands of events each
 * step takes a few tens of milliseconds, so a build in slices gives the loop back between them. Events go by
 * chapter (name, then id), each chapter's by id; chapters are put in order once each, as collating text is what
 * costs (sorting the events themselves by title took a tenth of a second).
 */
function* planFeed(opts: FeedOptions): Generator<void, FeedPlan> {
  const eventsOf = new Map<FeedChapter, FeedEvent[]>();
  for (const row of opts.events) {
    const list = eventsOf.get(row.chapter);
    if (list) list.push(row);
    else eventsOf.set(row.chapter, [row]);
  }
  const titles = new Map<FeedChapter, string>();
  for (const chapter of eventsOf.keys()) titles.set(chapter, chapterName(chapter, chapter.typeName));
  yield;
  const chapters = yield* sortingByText(
    [...eventsOf.keys()].sort((a, b) => a.id - b.id),
    (chapter) => titles.get(chapter)!,
  );
  yield;
  const rows: FeedEvent[] = [];
  const zones = new Map<FeedChapter, string>();
  for (const chapter of chapters) {
    for (const row of eventsOf.get(chapter)!.sort((a, b) => a.event.id - b.event.id)) rows.push(row);
    zones.set(chapter, isValidTimeZone(chapter.timeZone) ? chapter.timeZone : "UTC");
  }
  return { rows, titles, zones };
}

/**
 * The feed in pieces, in order: the calendar's properties, a VTIMEZONE per zone used (in order of first use),
 * one piece per event, the end. Joined, they are the whole feed; the pieces let it be built a slice at a time.
 */
function* feedPieces(opts: FeedOptions, { rows, titles, zones }: FeedPlan, keep = true): Generator<string> {
  const zoneOf = (chapter: FeedChapter) => zones.get(chapter)!;
  yield feedHeader(opts);
  for (const zone of new Set(zones.values())) if (!UTC_ZONES.has(zone)) yield vtimezone(zone);
  // Events are made on a calendar of their own, emptied after each, so they print as ical-generator prints them.
  const cal = ical();
  const until = feedHorizon(opts.asOf ?? singleDatesPastBefore(new Date()));
  for (const { event, chapter } of rows) {
    const key = pieceKey(opts.publicUrl, until, chapter, event);
    const kept = renderedEvents.get(key);
    if (kept !== undefined) {
      pieceStats.kept++;
      yield kept;
      continue;
    }
    const zone = zoneOf(chapter);
    const utc = UTC_ZONES.has(zone);
    // Stamps go to ical-generator as Dates, which it writes in UTC as it writes a DateTime, for less.
    const created = event.createdAt ? storedInstant(event.createdAt) : null;
    const stamp = event.updatedAt ? storedInstant(event.updatedAt) : (created ?? new Date(0));
    const url = chapterUrl(opts.publicUrl, chapter);
    const geo = event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {};
    let piece = "";
    const cancelled = event.isSingleDate ? new Set<string>() : cancelledDatesOf(event, zone);
    for (const part of feedComponents(event.id, scheduleOf(event, zone), anchorDate(event, zone, created), until, cancelled)) {
      const inUtc = utc || part.inUtc;
      piece += cal
        .createEvent({
          id: part.uid,
          sequence: event.sequence,
          stamp,
          lastModified: stamp,
          created,
          start: inUtc ? part.start.toUTC() : part.start,
          end: inUtc ? part.end.toUTC() : part.end,
          timezone: inUtc ? null : zone,
          repeating: part.rrule ? ruleWithExceptions(part.rrule, event.startTime, cancelled, zone, utc) : null,
          summary: icsText(`${titles.get(chapter)!} at ${event.name}`),
          description: icsText([event.description.trim(), url].filter(Boolean).join("\n\n")),
          location: { title: icsText(locationOf(event)), ...geo },
          url,
        })
        .toString();
      cal.clear();
    }
    const folded = foldLines(piece);
    if (keep) {
      keepRenderedEvent(key, folded);
      pieceStats.made++;
    }
    yield folded;
  }
  yield "END:VCALENDAR\r\n";
}

/**
 * Writes a feed of one made-up event and throws it away, keeping nothing. The first event a process writes pays
 * for setting up luxon's time zones (Intl), ical-generator and the schedule code: some 60 ms in one stretch, which
 * no slice can split. A process pays it as it starts (server.ts), not in the middle of a first build.
 */
export function warmUpFeedWriter(): string {
  const chapter: FeedChapter = { id: 0, title: "Warm-up", city: "Albany", state: "ny", slug: "warm-up", timeZone: "America/New_York", typeName: "drinking" };
  const at = "2026-01-05T12:00:00.000Z";
  const event: FeedEventRow = {
    id: 0,
    name: "A bar",
    description: "",
    address1: "1 Main St",
    address2: "",
    city: "Albany",
    state: "NY",
    postalCode: "12207",
    country: "US",
    lat: 42.65,
    lng: -73.75,
    startTime: "19:00",
    endTime: "21:00",
    isSingleDate: false,
    singleDate: null,
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: "1,3",
    sequence: 0,
    createdAt: at,
    updatedAt: at,
    cancelledDates: [{ date: "2026-01-06", note: "" }],
  };
  const opts: FeedOptions = { name: "Warm-up", description: "Warm-up", publicUrl: "http://warm-up.invalid", events: [{ event, chapter }] };
  return [...feedPieces(opts, runToEnd(planFeed(opts)), false)].join("");
}

export function buildFeed(opts: FeedOptions): string {
  return [...feedPieces(opts, runToEnd(planFeed(opts)))].join("");
}

/**
 * The same feed, built a slice at a time (lib/slices), so a feed of the whole network (tens of thousands of
 * events) never holds up other requests: its pieces in order, which joined are buildFeed's text (the caller
 * encodes them a slice at a time too, lib/readCache bytesInSlices).
 */
export async function feedPiecesInSlices(opts: FeedOptions): Promise<string[]> {
  const plan = await runInSlices(planFeed(opts));
  return mapInSlices(feedPieces(opts, plan), (piece) => piece);
}
