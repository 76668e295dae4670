/**
 * When a zone changes its clocks: the instants its UTC offset changes, found by looking at the offset at every
 * UTC midnight and, on a day it changes, by halving that day down to the quarter hour. Used to find the few
 * meetups a clock change touches (engine.ts occurrencesTouchedByClockChanges) without placing every meetup of a
 * feed on the wall clock.
 */
import type { Zone } from "luxon";

export interface ClockChange {
  /** The first instant (ms) with the new offset. */
  at: number;
  /** Offsets in minutes, before and from `at` on. */
  before: number;
  after: number;
}

const DAY_MS = 86_400_000;
/** Offsets change only at whole quarter hours (UTC) since 1970, and at most once a day (fastZone.ts). */
const QUARTER_MS = 15 * 60_000;
const QUARTERS_A_DAY = 96;

/** By zone name, by year since 1970: the changes of that UTC year, in order (a year not yet looked at is missing). */
const byZone = new Map<string, ClockChange[][]>();

/** The changes of one UTC year (by the day they fall on), remembered by zone and year. */
function changesOfYear(zone: Zone, year: number): ClockChange[] {
  let years = byZone.get(zone.name);
  if (!years) byZone.set(zone.name, (years = []));
  const known = years[year - 1970];
  if (known) return known;
  const changes: ClockChange[] = [];
  const last = Date.UTC(year + 1, 0, 1) / DAY_MS;
  for (let day = Date.UTC(year, 0, 1) / DAY_MS; day < last; day++) {
    const before = zone.offset(day * DAY_MS);
    const after = zone.offset((day + 1) * DAY_MS);
    if (before === after) continue;
    // The first quarter hour of the day with another offset than its midnight's.
    let lo = 0;
    let hi = QUARTERS_A_DAY;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (zone.offset(day * DAY_MS + mid * QUARTER_MS) === before) lo = mid;
      else hi = mid;
    }
    changes.push({ at: day * DAY_MS + hi * QUARTER_MS, before, after });
  }
  years[year - 1970] = changes;
  return changes;
}

/** The clock changes of a zone between two instants (ms, both included), in order; none before 1970. */
export function clockChangesBetween(zone: Zone, from: number, to: number): ClockChange[] {
  const out: ClockChange[] = [];
  if (zone.isUniversal) return out;
  const first = Math.max(1970, new Date(Math.max(from, 0)).getUTCFullYear());
  const last = new Date(to).getUTCFullYear();
  // (Years past 2200 are not looked at: no rules are known that far, and a bad date must not run for ages.)
  for (let year = first; year <= Math.min(last, 2200); year++)
    for (const change of changesOfYear(zone, year)) if (change.at >= from && change.at <= to) out.push(change);
  return out;
}
