/**
 * The chapter stats (issue 32 item 1; docs/decisions.md "Chapter stats"): twelve months of a chapter, or of the
 * chapters in view, counted by the database over indexed ranges (the last year's joins, departures and list
 * emails) and from the members counted as they change (chapter_member_counts); meetups from the events' schedules.
 */
import type { Knex } from "knex";
import { STATS_FIELDS, type ChapterStats, type StatsMonth } from "../contracts/chapterStats";
import { rowsOf } from "../lib/readVersions";
import { monthIndexSql, type MonthFrame } from "./months";
import { countMeetups, type MeetupCounts } from "./meetups";
import { EVENT_DATE_COLUMNS } from "../presenters/schedule";

/** Which chapters: one, or those in view (every one for null) optionally of one state. */
export type StatsScope = { chapterId: number } | { chapterIds: number[] | null; state: string };

/** A contact that counts as a list member (as chapter_member_counts counts them). */
const COUNTED = "case when c.status = 'active' and c.deleted_at is null then 1 else 0 end";
/** left_at of a contact who never left. */
const NEVER_LEFT = -2;

/** Narrows a query over a table with a chapter_id column (alias `c`) to the scope. */
function inScope(knex: Knex, query: Knex.QueryBuilder, scope: StatsScope, column = "c.chapter_id"): Knex.QueryBuilder {
  if ("chapterId" in scope) return query.where(column, scope.chapterId);
  if (scope.chapterIds) query.whereIn(column, scope.chapterIds);
  if (scope.state) query.whereIn(column, knex("chapters").select("id").where("state", scope.state));
  return query;
}

const DAY_MS = 86_400_000;
const num = (v: unknown) => Number(v ?? 0);
const zeros = (n: number) => new Array<number>(n).fill(0);

/** Members at each month's end, joined and left, from the contacts that joined or left since the first month began. */
async function memberMonths(knex: Knex, scope: StatsScope, frame: MonthFrame) {
  const n = frame.labels.length;
  const from = frame.bounds[0];
  const created = monthIndexSql("c.created_at", frame, NEVER_LEFT);
  const left = monthIndexSql("c.left_at", frame, NEVER_LEFT);
  const [recent, departed, now] = await Promise.all([
    // Joined since the first month: by the month joined, the month left (if they did) and whether a member now.
    inScope(knex, knex("mailing_list_contacts as c"), scope)
      .select(knex.raw(`${created.sql} as cm`, created.bindings), knex.raw(`${left.sql} as lm`, left.bindings), knex.raw(`${COUNTED} as counted`))
      .count("* as n")
      .where("c.created_at", ">=", from)
      .groupByRaw("1, 2, 3"),
    // Joined before it and left since.
    inScope(knex, knex("mailing_list_contacts as c"), scope)
      .select(knex.raw(`${left.sql} as lm`, left.bindings))
      .count("* as n")
      .where("c.left_at", ">=", from)
      .where("c.created_at", "<", from)
      .groupByRaw("1"),
    inScope(knex, knex("chapter_member_counts as c"), scope).sum("c.members as n").first(),
  ]);
  const joined = zeros(n);
  const leftIn = zeros(n);
  const members = zeros(n).fill(num((now as { n?: unknown } | undefined)?.n));
  for (const row of recent as Record<string, unknown>[]) {
    const [cm, lm, counted, count] = [num(row.cm), num(row.lm), num(row.counted), num(row.n)];
    if (counted || lm !== NEVER_LEFT) {
      if (cm >= 0 && cm < n) joined[cm] += count;
    }
    if (lm >= 0 && lm < n) leftIn[lm] += count;
    for (let i = 0; i < n; i++) {
      // Members at the end of month i: those now, less those who joined after it, plus those who left after it.
      if (counted && cm > i) members[i] -= count;
      if (lm > i && cm <= i) members[i] += count;
    }
  }
  for (const row of departed as Record<string, unknown>[]) {
    const [lm, count] = [num(row.lm), num(row.n)];
    if (lm >= 0 && lm < n) leftIn[lm] += count;
    for (let i = 0; i < lm && i < n; i++) members[i] += count;
  }
  return { members, joined, left: leftIn };
}

/** List emails hosts sent (all but those that failed outright), by the month they were sent in. */
async function emailMonths(knex: Knex, scope: StatsScope, frame: MonthFrame): Promise<number[]> {
  const sent = monthIndexSql("c.created_at", frame, -1);
  const rows = await inScope(knex, knex("list_messages as c"), scope)
    .select(knex.raw(`${sent.sql} as m`, sent.bindings))
    .count("* as n")
    .where("c.created_at", ">=", frame.bounds[0])
    .whereNot("c.status", "failed")
    .groupByRaw("1");
  const out = zeros(frame.labels.length);
  for (const row of rowsOf(rows)) {
    const m = num(row.m);
    if (m >= 0 && m < out.length) out[m] += num(row.n);
  }
  return out;
}

/** The meetups of the chapters in scope (repeating events, and single dates in the months shown). */
async function meetupMonths(knex: Knex, scope: StatsScope, frame: MonthFrame, now: Date): Promise<MeetupCounts> {
  const [events, chapters] = await Promise.all([
    inScope(knex, knex("chapter_events as c"), scope)
      .where((q) => q.where("c.is_single_date", false).orWhereBetween("c.single_date", [frame.firstDate, frame.lastDate]))
      .select("c.chapter_id", "c.created_at", ...EVENT_DATE_COLUMNS.map((column) => `c.${column}`)),
    inScope(knex, knex("chapters as c"), scope, "c.id").select("c.id", "c.time_zone"),
  ]);
  const zones = new Map((chapters as { id: number; timeZone: string }[]).map((c) => [Number(c.id), c.timeZone]));
  return countMeetups(events as Record<string, unknown>[], zones, frame, now);
}

/**
 * Yes answers and who came, by the month of the meetup's date (the chapter's calendar day, for the network too):
 * one grouped read over the answers to the chapters' events dated in the months shown.
 */
async function rsvpMonths(knex: Knex, scope: StatsScope, frame: MonthFrame) {
  const rows = await inScope(knex, knex("rsvps as r").join("chapter_events as c", "c.id", "r.chapter_event_id"), scope)
    .whereBetween("r.date", [frame.firstDate, frame.lastDate])
    .where("r.answer", "yes")
    .select("r.date")
    .count("* as n")
    .select(knex.raw("sum(case when r.attended then 1 else 0 end) as came"))
    .groupBy("r.date");
  const index = new Map(frame.labels.map((label, i) => [label, i]));
  const rsvps = zeros(frame.labels.length);
  const attended = zeros(frame.labels.length);
  for (const row of rowsOf(rows)) {
    const m = index.get(String(row.date).slice(0, 7));
    if (m === undefined) continue;
    rsvps[m] += num(row.n);
    attended[m] += num(row.came);
  }
  return { rsvps, attended };
}

export interface LoadedStats {
  stats: ChapterStats;
  /** When the answer stops being true without a write: a meetup starts (becomes held) or a month begins. */
  expiresAt: number;
}

/** The stats of the scope over the frame's months, at `now`. */
export async function loadStats(knex: Knex, scope: StatsScope, frame: MonthFrame, now: Date): Promise<LoadedStats> {
  const [members, emailsSent, meetups, answers] = await Promise.all([
    memberMonths(knex, scope, frame),
    emailMonths(knex, scope, frame),
    meetupMonths(knex, scope, frame, now),
    rsvpMonths(knex, scope, frame),
  ]);
  const columns: Record<(typeof STATS_FIELDS)[number], number[]> = { ...members, emailsSent, ...meetupColumns(meetups), ...answers };
  const months: StatsMonth[] = frame.labels.map((month, i) => ({
    month,
    ...(Object.fromEntries(STATS_FIELDS.map((f) => [f, columns[f][i]])) as Omit<StatsMonth, "month">),
  }));
  // Built again at least daily: meetups more than two days ahead are not placed on the clock (meetups.ts).
  const expiresAt = Math.min(meetups.nextStart, now.getTime() + DAY_MS, Date.parse(frame.bounds[frame.bounds.length - 1]));
  return { stats: { months }, expiresAt };
}

const meetupColumns = (m: MeetupCounts) => ({ meetupsHeld: m.held, meetupsCancelled: m.cancelled, meetupsConfirmed: m.confirmed });
