/**
 * The chapter stats kept between reads like the public reads (server/lib/readCache.ts): stamped with the versions
 * of the tables they are counted from, built again after a write to one of them, when a meetup starts (it is then
 * held) or when a month begins.
 */
import type { Knex } from "knex";
import type { ReadCache } from "../lib/readCache";
import type { Chapter } from "../models/Chapter";
import { loadStats, type StatsScope } from "./load";
import { monthFrame } from "./months";

/**
 * What the stats are counted from (chapter_member_counts changes with mailing_list_contacts, in its transaction;
 * rsvps' version also moves when attendance is recorded: commands/rsvps.ts recordAttendance).
 */
const STATS_TABLES = ["mailing_list_contacts", "list_messages", "chapter_events", "chapters", "rsvps"] as const;

/** The network's months are UTC months (docs/decisions.md "Chapter stats"). */
const NETWORK_ZONE = "UTC";

function keptStats(knex: Knex, cache: ReadCache, key: string, scope: StatsScope, zone: string) {
  return cache.answer(key, STATS_TABLES, async (now) => {
    const { stats, expiresAt } = await loadStats(knex, scope, monthFrame(now, zone), now);
    return { value: stats, expiresAt };
  });
}

/** A chapter's last twelve months, in its own time zone. */
export const chapterStatsAnswer = (knex: Knex, cache: ReadCache, chapter: Pick<Chapter, "id" | "timeZone">) =>
  keptStats(knex, cache, `stats:chapter:${chapter.id}:${chapter.timeZone}`, { chapterId: chapter.id }, chapter.timeZone);

/** The network's (chapterIds null) or some chapters' summed months, of one state or all (""), in UTC. */
export function networkStatsAnswer(knex: Knex, cache: ReadCache, chapterIds: number[] | null, state: string) {
  const ids = chapterIds ? [...chapterIds].sort((a, b) => a - b) : null;
  return keptStats(knex, cache, `stats:network:${ids ? ids.join(",") : "all"}:${state}`, { chapterIds: ids, state }, NETWORK_ZONE);
}
