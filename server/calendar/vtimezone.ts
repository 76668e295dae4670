/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for a zone, written from the same zone data the engine places meetups with (the
 * runtime's, through luxon: schedule/clockChanges.ts), so that a calendar app turns each wall-clock time of a feed
 * into the instant the engine meant, whatever the zone's rules become. A copy of the rules shipped in a package
 * falls behind the runtime's: British Columbia's permanent daylight time from November 2026 (tzdata 2026c) made
 * America/Vancouver's copy an hour wrong.
 *
 * The zone's clock changes from 1970 to SCAN_END_YEAR become observances (STANDARD or DAYLIGHT, as luxon's
 * isInDST says): the changes of one kind that fall in consecutive years on the same weekday rule of the same
 * month at the same wall-clock time are one observance with a yearly RRULE (`BYDAY=2SU`, `-1SU`), bounded by an
 * UNTIL in UTC unless it runs to the end of the scan, where it goes on; any other change is an observance of its
 * own. A zone without changes has one STANDARD observance.
 */
import { DateTime } from "luxon";
import { luxonZone } from "../schedule/engine";
import { clockChangesBetween, type ClockChange } from "../schedule/clockChanges";

/** Changes are read up to the end of this year; a yearly rule still running then is written without an end. */
const SCAN_END_YEAR = 2037;
const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

interface Change {
  kind: "STANDARD" | "DAYLIGHT";
  from: number;
  to: number;
  name: string;
  /** The wall-clock time the change happens at, on the clock before it (what DTSTART says). */
  local: Date;
  /** The instant of the change. */
  at: number;
}

/** A run of changes written as one observance: yearly on `byDay` of the month when `byDay` is set. */
interface Run {
  changes: Change[];
  /** Ordinals of the weekday in the month that every change of the run has: n (1 to 5) and, when last, -1. */
  ordinals: number[];
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
const offsetText = (minutes: number) => `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
const localText = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
const utcText = (ms: number) => `${localText(new Date(ms))}Z`;

/** The ordinals (1 to 5, and -1 for the last) of a date's weekday within its month. */
function ordinalsOf(d: Date): number[] {
  const day = d.getUTCDate();
  const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  const nth = Math.ceil(day / 7);
  return day + 7 > daysInMonth ? [nth, -1] : [nth];
}

/** Whether `next` continues `run` as its next year: same kind, offsets, month, weekday and wall-clock time. */
function continues(run: Run, next: Change): number[] | null {
  const last = run.changes[run.changes.length - 1];
  const a = last.local;
  const b = next.local;
  if (next.kind !== last.kind || next.from !== last.from || next.to !== last.to) return null;
  if (b.getUTCFullYear() !== a.getUTCFullYear() + 1 || b.getUTCMonth() !== a.getUTCMonth() || b.getUTCDay() !== a.getUTCDay()) return null;
  if (b.getUTCHours() !== a.getUTCHours() || b.getUTCMinutes() !== a.getUTCMinutes()) return null;
  const ordinals = run.ordinals.filter((o) => ordinalsOf(b).includes(o));
  return ordinals.length ? ordinals : null;
}

function changeOf(zone: string, c: ClockChange): Change {
  const at = DateTime.fromMillis(c.at, { zone: luxonZone(zone) });
  return {
    kind: at.isInDST ? "DAYLIGHT" : "STANDARD",
    from: c.before,
    to: c.after,
    name: at.offsetNameShort ?? offsetText(c.after),
    local: new Date(c.at + c.before * 60_000),
    at: c.at,
  };
}

/** The changes grouped into runs: each change joins the latest open run of its kind that it continues. */
function runsOf(changes: Change[]): Run[] {
  const runs: Run[] = [];
  const open = new Map<string, Run>();
  for (const change of changes) {
    const key = `${change.kind} ${change.from} ${change.to} ${change.local.getUTCMonth()}`;
    const run = open.get(key);
    const ordinals = run && continues(run, change);
    if (run && ordinals) {
      run.changes.push(change);
      run.ordinals = ordinals;
    } else {
      const fresh = { changes: [change], ordinals: ordinalsOf(change.local) };
      runs.push(fresh);
      open.set(key, fresh);
    }
  }
  return runs;
}

function observance(run: Run): string[] {
  const first = run.changes[0];
  const last = run.changes[run.changes.length - 1];
  const lines = [`BEGIN:${first.kind}`, `TZOFFSETFROM:${offsetText(first.from)}`, `TZOFFSETTO:${offsetText(first.to)}`, `TZNAME:${first.name}`];
  lines.push(`DTSTART:${localText(first.local)}`);
  const runsOn = last.local.getUTCFullYear() >= SCAN_END_YEAR;
  if (run.changes.length > 1 || runsOn) {
    const ordinal = run.ordinals.includes(-1) && !run.ordinals.some((o) => o > 0 && o < 5) ? -1 : run.ordinals[0];
    const rule = `FREQ=YEARLY;BYMONTH=${first.local.getUTCMonth() + 1};BYDAY=${ordinal}${WEEKDAYS[first.local.getUTCDay()]}`;
    lines.push(`RRULE:${rule}${runsOn ? "" : `;UNTIL=${utcText(last.at)}`}`);
  }
  lines.push(`END:${first.kind}`);
  return lines;
}

const written = new Map<string, string>();

/** The VTIMEZONE of an IANA zone, lines ending in CRLF (unfolded: every line is short). */
export function vtimezoneOf(zone: string): string {
  const known = written.get(zone);
  if (known !== undefined) return known;
  const start = Date.UTC(1970, 0, 1);
  const named = luxonZone(zone);
  const changes = typeof named === "string" ? [] : clockChangesBetween(named, start, Date.UTC(SCAN_END_YEAR, 11, 31, 23, 59)).map((c) => changeOf(zone, c));
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  const startOffset = DateTime.fromMillis(start, { zone: named });
  // The time before the first change (and a zone that never changes): one STANDARD observance from 1970.
  if (!changes.length || changes[0].at > start) {
    const offset = offsetText(startOffset.offset);
    lines.push(
      "BEGIN:STANDARD",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${startOffset.offsetNameShort ?? offset}`,
      "DTSTART:19700101T000000",
      "END:STANDARD",
    );
  }
  for (const run of runsOf(changes)) lines.push(...observance(run));
  lines.push("END:VTIMEZONE");
  const text = lines.join("\r\n") + "\r\n";
  written.set(zone, text);
  return text;
}
