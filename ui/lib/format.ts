import { describeSchedule, localDateIn } from "../../server/contracts/schedule";
import { formatMediumDate } from "./formatDate";
import type { ChapterEventInfo, ChapterSummary } from "../../server/contracts/chapter";

/** "19:00" -> "7:00 PM" */
export function formatTime(hhmm: string | null | undefined): string {
  const m = hhmm?.match(/^(\d{1,2}):(\d{2})/);
  if (!m) return "";
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? "AM" : "PM"}`;
}

/** "2026-11-24" -> "Tuesday, November 24, 2026" (a calendar date: no time zone shift). */
export function formatDate(ymd: string | null | undefined): string {
  const m = ymd?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return "";
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return d.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** Today's date ("YYYY-MM-DD") in a time zone, or in UTC when the zone is unknown. */
export const todayIn = (timeZone: string): string => localDateIn(new Date().toISOString(), timeZone);

/** An ISO timestamp as a date, e.g. a press mention's createdAt ("Nov 23, 2026", as on every screen). */
export const formatCreated = formatMediumDate;

export const timeRange = (e: Pick<ChapterEventInfo, "startTime" | "endTime">) => [formatTime(e.startTime), formatTime(e.endTime)].filter(Boolean).join(" – ");

/**
 * When an event happens, in words: its single date, or its rule as the admin's event list writes it
 * ("First and Third Tuesday of the month", "Every Tuesday"): one schedule formatter, contracts/schedule.
 */
export function scheduleText(e: ChapterEventInfo): string {
  if (e.isSingleDate) return formatDate(e.singleDate);
  return e.dayOfWeekIndex == null ? "" : describeSchedule(e);
}

/** The date of an event's next meeting, or its rule when no date is known yet. */
export function nextDateText(e: ChapterEventInfo): string {
  const next = e.nextDates[0];
  if (next) return formatDate(next.date);
  return scheduleText(e);
}

export const addressText = (e: Pick<ChapterEventInfo, "address1" | "address2" | "city" | "state" | "postalCode">) =>
  [e.address1, e.address2, [e.city, [e.state, e.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter(Boolean).join(", ");

export const chapterPath = (c: Pick<ChapterSummary, "state" | "slug">) => `/chapter/${(c.state || "int").toLowerCase()}/${c.slug}`;

/** The event a chapter's pin stands for: the one meeting soonest, else the first with a place. */
export function nextEventOf(events: ChapterEventInfo[]): ChapterEventInfo | null {
  const dated = events.filter((e) => e.nextDates.length > 0).sort((a, b) => a.nextDates[0].start.localeCompare(b.nextDates[0].start));
  return dated[0] ?? events.find((e) => e.lat != null && e.lng != null && (e.lat !== 0 || e.lng !== 0)) ?? events[0] ?? null;
}

export const hasPlace = (e: Pick<ChapterEventInfo, "lat" | "lng"> | null | undefined): e is { lat: number; lng: number } & ChapterEventInfo =>
  Boolean(e && e.lat != null && e.lng != null && (e.lat !== 0 || e.lng !== 0));
