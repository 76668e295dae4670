/**
 * The twelve months the chapter stats show, in one time zone: their labels and where each starts, as UTC
 * instants the database compares its timestamps with (ISO text on SQLite, timestamptz on Postgres).
 */
import { DateTime } from "luxon";
import { STATS_MONTHS } from "../contracts/chapterStats";
import { luxonZone } from "../schedule/engine";

export interface MonthFrame {
  /** "YYYY-MM", oldest first; the month `now` is in last. */
  labels: string[];
  /** labels.length + 1 instants (ISO, UTC): bounds[i] starts month i, the last one ends the current month. */
  bounds: string[];
  /** The first and last calendar day of the months. */
  firstDate: string;
  lastDate: string;
}

/** The STATS_MONTHS months up to the one `now` is in, in `zone` (an IANA name, or "UTC"). */
export function monthFrame(now: Date, zone: string, count = STATS_MONTHS): MonthFrame {
  const current = DateTime.fromJSDate(now, { zone: luxonZone(zone) }).startOf("month");
  const starts = Array.from({ length: count + 1 }, (_, i) => current.minus({ months: count - 1 - i }));
  return {
    labels: starts.slice(0, count).map((m) => m.toFormat("yyyy-MM")),
    bounds: starts.map((m) => m.toUTC().toISO()!),
    firstDate: starts[0].toISODate()!,
    lastDate: starts[count].minus({ days: 1 }).toISODate()!,
  };
}

/**
 * SQL for the month a timestamp column falls in: 0 .. count-1 for the months of the frame, -1 before them,
 * `count` after them, and `nullAs` for none. Comparisons only (no date functions), so it reads the same on both
 * databases and in any zone.
 */
export function monthIndexSql(column: string, frame: MonthFrame, nullAs: number): { sql: string; bindings: string[] } {
  const steps = frame.bounds.map((_, i) => `when ${column} < ? then ${i - 1}`);
  return { sql: `case when ${column} is null then ${nullAs} ${steps.join(" ")} else ${frame.labels.length} end`, bindings: frame.bounds };
}
