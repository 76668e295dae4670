import type { Knex } from "knex";
import { DateTime } from "luxon";
import {
  DEFAULT_HEALTH_SETTINGS,
  type ChapterHealthList,
  type ChapterHealthRow,
  type ChapterHealthSettings,
  type HealthState,
} from "../contracts/chapterHealth";
import { normalizeState } from "../contracts/chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { nextOccurrenceMemo } from "../presenters/chapterPins";
import { EVENT_DATE_COLUMNS, scheduleOf } from "../presenters/schedule";
import { HORIZON_DAYS, luxonZone, occurrencesBetween, occurrenceOn, type Occurrence } from "../schedule/engine";
import { readCacheOf, type ReadCache } from "../lib/readCache";
import { healthOf } from "./rule";

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());
const HOUR_MS = 3600_000;
/** The growth column counts the members who joined on this many days, today included. */
const GROWTH_DAYS = 30;

/** The thresholds: the saved row, or the network's defaults (42 and 56 days) until an admin saves. */
export async function loadHealthSettings(knex: Knex): Promise<ChapterHealthSettings> {
  const row = await knex("chapterHealthSettings").where({ id: 1 }).first();
  return row ? { atRiskAfterDays: Number(row.atRiskAfterDays), dormantAfterDays: Number(row.dormantAfterDays) } : { ...DEFAULT_HEALTH_SETTINGS };
}

/**
 * When each chapter's last meetup with attendance recorded (someone marked as having come) started: the event's
 * start time on the meetup's date, in the chapter's zone. One grouped read of the answers marked attended (of one
 * chapter, or of all).
 */
export async function lastAttendedMeetups(knex: Knex, chapterId: number | null = null): Promise<Map<number, string>> {
  const query = knex("rsvps")
    .join("chapterEvents", "chapterEvents.id", "rsvps.chapterEventId")
    .join("chapters", "chapters.id", "chapterEvents.chapterId")
    .where("rsvps.attended", true)
    .groupBy("chapterEvents.id", "chapterEvents.chapterId", "chapterEvents.startTime", "chapters.timeZone")
    .select("chapterEvents.chapterId as chapterId", "chapterEvents.startTime as startTime", "chapters.timeZone as timeZone")
    .max("rsvps.date as last");
  if (chapterId !== null) query.where("chapterEvents.chapterId", chapterId);
  const out = new Map<number, string>();
  for (const r of (await query) as { chapterId: number; startTime: string | null; timeZone: string; last: string }[]) {
    const start = DateTime.fromISO(`${r.last}T${r.startTime || "00:00"}`, { zone: luxonZone(r.timeZone) })
      .toUTC()
      .toISO();
    const id = Number(r.chapterId);
    if (start && (!out.has(id) || start > out.get(id)!)) out.set(id, start);
  }
  return out;
}

/** The last meetup before `now` (cancelled ones left out), remembered per schedule and zone like the next one. */
function lastOccurrenceMemo(now: Date) {
  const memo = new Map<string, Occurrence | undefined>();
  return (e: ChapterEvent, timeZone: string): Occurrence | undefined => {
    const cancelled = (e.cancelledDates ?? []).map((c) => c.date);
    const key = [timeZone, e.isSingleDate, e.singleDate, e.dayOfWeekIndex, e.weeksOfMonthIndexes, e.startTime, e.endTime, cancelled.join(",")].join("|");
    if (!memo.has(key)) {
      const s = scheduleOf(e, timeZone);
      let found: Occurrence | undefined;
      if (s.isSingleDate) {
        const o = s.singleDate ? occurrenceOn(s, s.singleDate) : null;
        found = o && o.start.toMillis() < now.getTime() ? o : undefined;
      } else {
        const today = DateTime.fromJSDate(now, { zone: luxonZone(timeZone) });
        found = occurrencesBetween(s, today.minus({ days: HORIZON_DAYS }).toISODate()!, today.toISODate()!)
          .filter((o) => o.start.toMillis() < now.getTime() && !cancelled.includes(o.date))
          .pop();
      }
      memo.set(key, found);
    }
    return memo.get(key);
  };
}

interface ChapterPart {
  id: number;
  slug: string;
  title: string;
  state: string;
  status: number;
  createdAt: string;
  timeZone: string;
}
interface Meetups {
  last: string | null;
  next: string | null;
}
interface Part<T> {
  expiresAt: number;
  value: T;
}

/**
 * The slow parts of the table (10,000 chapters' rows, last posts, member counts, hosts and meetups), each kept
 * in the read cache (lib/readCache: one bounded LRU per database) with the versions of the tables it is made of
 * (read_versions, bumped by triggers in the same transaction as every write, in any process), like the public
 * answers. A write to one table rebuilds only its part; meetups and the 30-day growth also expire with time (a part
 * that only expired is answered as it was while it is built again, as the read cache does with every kept thing).
 * Health itself is computed at each call.
 */
class HealthParts {
  private readonly reads: ReadCache;

  constructor(private readonly knex: Knex) {
    this.reads = readCacheOf(knex);
  }

  get<T>(key: string, tables: string[], now: Date, build: (now: Date) => Promise<{ value: T; expiresAt?: number }>): Promise<Part<T>> {
    return this.reads.kept(
      `health:${key}`,
      tables,
      async (at) => {
        const built = await build(at);
        const expiresAt = built.expiresAt ?? Infinity;
        return { kept: { value: built.value, expiresAt }, expiresAt };
      },
      () => now,
    );
  }

  chapters = () =>
    this.knex("chapters")
      .select("id", "slug", "title", "state", "status", "createdAt", "timeZone")
      .then((rows: Record<string, unknown>[]) => ({
        value: rows.map((c) => ({
          id: Number(c.id),
          slug: String(c.slug),
          title: String(c.title),
          state: normalizeState(c.state as string),
          status: Number(c.status),
          createdAt: iso(c.createdAt)!,
          timeZone: String(c.timeZone),
        })),
      }));

  posts = () =>
    this.knex("chapterBlogPosts")
      .select("chapterId")
      .max("createdAt as last")
      .groupBy("chapterId")
      .then((rows) => ({ value: new Map((rows as { chapterId: number; last: unknown }[]).map((p) => [p.chapterId, iso(p.last)])) }));

  /**
   * Member counts and the members who joined on each of the last 30 days (UTC, today included), both kept by
   * triggers on mailing_list_contacts (migrations/20261224000100_count_list_members); expires at UTC midnight.
   */
  members = async (now: Date) => {
    const today = DateTime.fromJSDate(now, { zone: "utc" }).startOf("day");
    const [totals, joins] = await Promise.all([
      this.knex("chapterMemberCounts").select("chapterId", "members").where("members", ">", 0) as Promise<{ chapterId: number; members: unknown }[]>,
      // The days read first from the index by day (grouped straight away, SQLite would read every day of every
      // chapter in chapter order to spare itself the grouping).
      this.knex
        .from(
          this.knex("chapterMemberJoins")
            .select("chapterId", "members")
            .where("day", ">=", today.minus({ days: GROWTH_DAYS - 1 }).toISODate()!)
            .orderBy("day")
            .as("recent"),
        )
        .select("chapterId")
        .sum("members as recent")
        .groupBy("chapterId") as Promise<{ chapterId: number; recent: unknown }[]>,
    ]);
    const value = new Map<number, { members: number; recent: number }>();
    for (const t of totals) value.set(Number(t.chapterId), { members: Number(t.members), recent: 0 });
    for (const j of joins) {
      const m = value.get(Number(j.chapterId));
      if (m) m.recent = Number(j.recent ?? 0);
    }
    return { value, expiresAt: today.plus({ days: 1 }).toMillis() };
  };

  hosts = () =>
    this.knex("permissions")
      .join("users", "users.id", "permissions.userId")
      .where("permissions.roleId", ROLE_CHAPTER_HOST)
      .select("permissions.chapterId", "users.name")
      .orderBy("users.name")
      .then((rows: { chapterId: number; name: string }[]) => {
        const out = new Map<number, string[]>();
        for (const r of rows) (out.get(r.chapterId) ?? out.set(r.chapterId, []).get(r.chapterId)!).push(r.name);
        return { value: out };
      });

  /** Each chapter's last and next meetup; expires when the first next meetup starts (it becomes the last). */
  /** Each chapter's last meetup a host confirmed (its date), from the confirmations recorded. */
  confirmed = async () => {
    const rows = (await this.knex("meetupConfirmations")
      .join("chapterEvents", "chapterEvents.id", "meetupConfirmations.chapterEventId")
      .whereNotNull("meetupConfirmations.confirmedAt")
      .groupBy("chapterEvents.chapterId")
      .select("chapterEvents.chapterId as chapterId")
      .max("meetupConfirmations.date as last")) as { chapterId: number; last: string }[];
    return { value: new Map(rows.map((r) => [Number(r.chapterId), String(r.last)])) };
  };

  attended = async () => ({ value: await lastAttendedMeetups(this.knex) });

  meetups = async (now: Date) => {
    const [zones, events] = await Promise.all([
      this.knex("chapters").select("id", "timeZone") as Promise<{ id: number; timeZone: string }[]>,
      ChapterEvent.query(this.knex).select("chapterId", ...EVENT_DATE_COLUMNS),
    ]);
    const zoneOf = new Map(zones.map((z) => [Number(z.id), z.timeZone]));
    const nextOf = nextOccurrenceMemo(now);
    const lastOf = lastOccurrenceMemo(now);
    const out = new Map<number, { last: number | null; next: number | null }>();
    let expiresAt = now.getTime() + HOUR_MS;
    for (const e of events) {
      const zone = zoneOf.get(e.chapterId) ?? "UTC";
      const m = out.get(e.chapterId) ?? out.set(e.chapterId, { last: null, next: null }).get(e.chapterId)!;
      const n = nextOf(e, zone)?.start.toMillis();
      if (n !== undefined && (m.next === null || n < m.next)) m.next = n;
      if (n !== undefined && n > now.getTime()) expiresAt = Math.min(expiresAt, n);
      const l = lastOf(e, zone)?.start.toMillis();
      if (l !== undefined && (m.last === null || l > m.last)) m.last = l;
    }
    const value = new Map<number, Meetups>();
    for (const [id, m] of out)
      value.set(id, { last: m.last === null ? null : new Date(m.last).toISOString(), next: m.next === null ? null : new Date(m.next).toISOString() });
    // At least a minute between rebuilds, however many meetups a large network starts.
    return { value, expiresAt: Math.max(expiresAt, now.getTime() + 60_000) };
  };
}

const partsOf = new WeakMap<Knex, HealthParts>();
const DAY_MS = 86_400_000;

/** The tables the health of chapters is made of (each with a version in read_versions). */
const HEALTH_TABLES = [
  "chapters",
  "chapter_blog_posts",
  "mailing_list_contacts",
  "permissions",
  "users",
  "chapter_events",
  "rsvps",
  "chapter_health",
  "chapter_health_settings",
];

/** The table, and until when it stays true: the first moment a part expires or a chapter changes state. */
export interface HealthTable extends ChapterHealthList {
  expiresAt: number;
}

/**
 * Every chapter's health (or those in `chapterIds`) at `now`: the kept parts (above; built from a few aggregate
 * queries, never per chapter), the pins and the thresholds, and the rule applied to each chapter.
 * Sorted at risk first, then dormant, then active, longest silence first. Measured in docs/decisions.md.
 */
export async function loadChapterHealth(knex: Knex, now: Date, chapterIds: number[] | null = null): Promise<HealthTable> {
  let parts = partsOf.get(knex);
  if (!parts) partsOf.set(knex, (parts = new HealthParts(knex)));
  const [settings, pins, chapters, posts, members, hosts, meetups, confirmed, attended] = await Promise.all([
    loadHealthSettings(knex),
    knex("chapterHealth").select("chapterId", "pinnedActive", "pinNote", "dormantSince", "countedFrom") as Promise<
      { chapterId: number; pinnedActive: unknown; pinNote: string; dormantSince: unknown; countedFrom: unknown }[]
    >,
    parts.get<ChapterPart[]>("chapters", ["chapters"], now, parts.chapters),
    parts.get<Map<number, string | null>>("posts", ["chapter_blog_posts"], now, parts.posts),
    parts.get<Map<number, { members: number; recent: number }>>("members", ["mailing_list_contacts"], now, parts.members),
    parts.get<Map<number, string[]>>("hosts", ["permissions", "users"], now, parts.hosts),
    parts.get<Map<number, Meetups>>("meetups", ["chapter_events", "chapters"], now, parts.meetups),
    // A confirmation writes the event's confirmedDates in the same transaction: the events' version follows it.
    parts.get<Map<number, string>>("confirmed", ["chapter_events"], now, parts.confirmed),
    // Recording attendance moves rsvps' version (commands/rsvps.ts); start times and zones are the events' and chapters'.
    parts.get<Map<number, string>>("attended", ["rsvps", "chapter_events", "chapters"], now, parts.attended),
  ]);
  let expiresAt = Math.min(chapters.expiresAt, posts.expiresAt, members.expiresAt, hosts.expiresAt, meetups.expiresAt);
  const pinOf = new Map(pins.map((p) => [p.chapterId, p]));
  const only = chapterIds ? new Set(chapterIds) : null;
  const counts: Record<HealthState, number> = { active: 0, at_risk: 0, dormant: 0 };
  const rows: (ChapterHealthRow & { silentDays: number })[] = [];
  for (const c of chapters.value) {
    if (only && !only.has(c.id)) continue;
    const pin = pinOf.get(c.id);
    const pinnedActive = Boolean(pin?.pinnedActive);
    const lastEmailAt = posts.value.get(c.id) ?? null;
    const { health, since, from, silentDays } = healthOf(
      { lastEmailAt, createdAt: c.createdAt, countedFrom: iso(pin?.countedFrom), pinnedActive, lastAttendedAt: attended.value.get(c.id) ?? null },
      settings,
      now,
    );
    counts[health]++;
    if (!pinnedActive) {
      // The next moment this chapter's state changes, when the answer must be made again.
      const sinceMs = Date.parse(since);
      for (const days of [settings.atRiskAfterDays, settings.dormantAfterDays]) {
        const at = sinceMs + days * DAY_MS;
        if (at > now.getTime()) {
          expiresAt = Math.min(expiresAt, at);
          break;
        }
      }
    }
    const m = members.value.get(c.id);
    const meet = meetups.value.get(c.id);
    rows.push({
      chapterId: c.id,
      slug: c.slug,
      title: c.title,
      state: c.state,
      status: c.status,
      health,
      lastEmailAt,
      countedFrom: since,
      silenceFrom: from,
      timeZone: c.timeZone,
      lastMeetupAt: meet?.last ?? null,
      nextMeetupAt: meet?.next ?? null,
      lastConfirmedMeetup: confirmed.value.get(c.id) ?? null,
      members: m?.members ?? 0,
      growth30d: m?.recent ?? 0,
      hosts: hosts.value.get(c.id) ?? [],
      pinnedActive,
      pinNote: pin?.pinNote ?? "",
      dormantByRule: pin?.dormantSince != null,
      silentDays,
    });
  }
  const order = (h: HealthState) => (h === "at_risk" ? 0 : h === "dormant" ? 1 : 2);
  rows.sort((a, b) => order(a.health) - order(b.health) || b.silentDays - a.silentDays || a.chapterId - b.chapterId);
  return { settings, counts, at: now.toISOString(), rows: rows.map(({ silentDays: _, ...row }) => row), expiresAt };
}

/**
 * The whole network's table, kept in the read cache until a table it is made of changes (in any process) or its
 * first chapter changes state, so a page of the admin screen at 10,000 chapters costs one version read, a filter
 * and a sort. Exactly what computing it at the call would give: once expired it is never served while rebuilt.
 */
export function networkHealth(knex: Knex, now: Date): Promise<HealthTable> {
  return readCacheOf(knex).kept(
    "health:table",
    HEALTH_TABLES,
    async () => {
      const table = await loadChapterHealth(knex, now);
      return { kept: table, expiresAt: table.expiresAt, bytes: table.rows.length * 512, exact: true };
    },
    () => now,
  );
}
