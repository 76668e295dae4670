import type { Knex } from "knex";
import { DateTime } from "luxon";
import { DEFAULT_HEALTH_SETTINGS, type ChapterHealthList, type ChapterHealthRow, type ChapterHealthSettings, type HealthState } from "../contracts/chapterHealth";
import { normalizeState } from "../contracts/chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { SENDABLE_STATUS } from "../mailingLists/contacts";
import { nextOccurrenceMemo } from "../presenters/chapterPins";
import { scheduleOf } from "../presenters/schedule";
import { HORIZON_DAYS, isValidTimeZone, occurrencesBetween, occurrenceOn, type Occurrence } from "../schedule/engine";
import { healthOf } from "./rule";

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());

/** The thresholds: the saved row, or the network's defaults (42 and 56 days) until an admin saves. */
export async function loadHealthSettings(knex: Knex): Promise<ChapterHealthSettings> {
  const row = await knex("chapterHealthSettings").where({ id: 1 }).first();
  return row ? { atRiskAfterDays: Number(row.atRiskAfterDays), dormantAfterDays: Number(row.dormantAfterDays) } : { ...DEFAULT_HEALTH_SETTINGS };
}

type ByChapter<T> = Map<number, T>;
const group = <T extends { chapterId: number }>(rows: T[]): ByChapter<T[]> => {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.chapterId);
    if (list) list.push(r);
    else out.set(r.chapterId, [r]);
  }
  return out;
};

/** The last meetup before `now` (cancelled ones left out), remembered per schedule and zone like the next one. */
function lastOccurrenceMemo(now: Date) {
  const memo = new Map<string, Occurrence | undefined>();
  return (e: ChapterEvent, timeZone: string): Occurrence | undefined => {
    const cancelled = new Set((e.cancelledDates ?? []).map((c) => c.date));
    const key = [timeZone, e.isSingleDate, e.singleDate, e.dayOfWeekIndex, e.weeksOfMonthIndexes, e.startTime, e.endTime, [...cancelled].join(",")].join("|");
    if (!memo.has(key)) {
      const s = scheduleOf(e, timeZone);
      let found: Occurrence | undefined;
      if (s.isSingleDate) {
        const o = s.singleDate ? occurrenceOn(s, s.singleDate) : null;
        found = o && o.start.toMillis() < now.getTime() ? o : undefined;
      } else {
        const today = DateTime.fromJSDate(now, { zone: isValidTimeZone(timeZone) ? timeZone : "UTC" });
        found = occurrencesBetween(s, today.minus({ days: HORIZON_DAYS }).toISODate()!, today.toISODate()!)
          .filter((o) => o.start.toMillis() < now.getTime() && !cancelled.has(o.date))
          .pop();
      }
      memo.set(key, found);
    }
    return memo.get(key);
  };
}

/**
 * Every chapter's health (or those in `chapterIds`) at `now`, from six aggregate queries run side by side
 * (chapters, last posts, list members, hosts, events, pins): no per-chapter loads, so 10,000 chapters answer
 * in well under 100 ms (docs/decisions.md). Sorted at risk first, then dormant, then active, longest silence first.
 */
export async function loadChapterHealth(knex: Knex, now: Date, chapterIds: number[] | null = null): Promise<ChapterHealthList> {
  const only = <Q extends Knex.QueryBuilder>(q: Q, column: string): Q => (chapterIds ? (q.whereIn(column, chapterIds) as Q) : q);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [settings, chapters, posts, members, hosts, events, pins] = await Promise.all([
    loadHealthSettings(knex),
    only(knex("chapters").select("id", "slug", "title", "state", "status", "createdAt", "timeZone"), "id"),
    only(knex("chapterBlogPosts").select("chapterId").max("createdAt as last").groupBy("chapterId"), "chapterId"),
    only(
      knex("mailingListContacts")
        .select("chapterId")
        .count("* as members")
        .select(knex.raw("sum(case when created_at > ? then 1 else 0 end) as recent", [monthAgo]))
        .where({ status: SENDABLE_STATUS })
        .whereNull("deletedAt")
        .groupBy("chapterId"),
      "chapterId",
    ),
    only(knex("permissions").join("users", "users.id", "permissions.userId").where("permissions.roleId", ROLE_CHAPTER_HOST).select("permissions.chapterId", "users.name").orderBy("users.name"), "permissions.chapterId"),
    only(
      ChapterEvent.query(knex).select("chapterId", "isSingleDate", "singleDate", "dayOfWeekIndex", "weeksOfMonthIndexes", "startTime", "endTime", "cancelledDates") as unknown as Knex.QueryBuilder,
      "chapterId",
    ) as unknown as Promise<ChapterEvent[]>,
    only(knex("chapterHealth").select("chapterId", "pinnedActive", "pinNote", "dormantSince", "countedFrom"), "chapterId"),
  ]);
  const lastPost = new Map<number, string | null>(posts.map((p: { chapterId: number; last: unknown }) => [p.chapterId, iso(p.last)]));
  const memberCounts = new Map<number, { members: number; recent: number }>(
    members.map((m: { chapterId: number; members: unknown; recent: unknown }) => [m.chapterId, { members: Number(m.members), recent: Number(m.recent ?? 0) }]),
  );
  const hostNames = group(hosts as { chapterId: number; name: string }[]);
  const eventsOf = group(events);
  const pinOf = new Map<number, { pinnedActive: unknown; pinNote: string; dormantSince: unknown; countedFrom: unknown }>(pins.map((p: { chapterId: number }) => [p.chapterId, p]));
  const nextOf = nextOccurrenceMemo(now);
  const lastOf = lastOccurrenceMemo(now);
  const counts: Record<HealthState, number> = { active: 0, at_risk: 0, dormant: 0 };
  const rows: ChapterHealthRow[] = chapters.map((c: { id: number; slug: string; title: string; state: string; status: number; createdAt: unknown; timeZone: string }) => {
    const pin = pinOf.get(c.id);
    const pinnedActive = Boolean(pin?.pinnedActive);
    const lastEmailAt = lastPost.get(c.id) ?? null;
    const { health, since, silentDays } = healthOf({ lastEmailAt, createdAt: iso(c.createdAt)!, countedFrom: iso(pin?.countedFrom), pinnedActive }, settings, now);
    counts[health]++;
    let next: number | null = null;
    let last: number | null = null;
    for (const e of eventsOf.get(c.id) ?? []) {
      const n = nextOf(e, c.timeZone);
      if (n && (next === null || n.start.toMillis() < next)) next = n.start.toMillis();
      const l = lastOf(e, c.timeZone);
      if (l && (last === null || l.start.toMillis() > last)) last = l.start.toMillis();
    }
    const m = memberCounts.get(c.id) ?? { members: 0, recent: 0 };
    return {
      chapterId: c.id,
      slug: c.slug,
      title: c.title,
      state: normalizeState(c.state),
      status: Number(c.status),
      health,
      lastEmailAt,
      countedFrom: since,
      silentDays,
      lastMeetupAt: last === null ? null : new Date(last).toISOString(),
      nextMeetupAt: next === null ? null : new Date(next).toISOString(),
      members: m.members,
      growth30d: m.recent,
      hosts: (hostNames.get(c.id) ?? []).map((h) => h.name),
      pinnedActive,
      pinNote: pin?.pinNote ?? "",
      dormantByRule: pin?.dormantSince != null,
    };
  });
  const order = (h: HealthState) => (h === "at_risk" ? 0 : h === "dormant" ? 1 : 2);
  rows.sort((a, b) => order(a.health) - order(b.health) || b.silentDays - a.silentDays || a.chapterId - b.chapterId);
  return { settings, counts, at: now.toISOString(), rows };
}
