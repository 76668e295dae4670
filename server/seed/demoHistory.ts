/**
 * A year (and more) of the demo network's life, written as the rows the product itself writes (issue 32 item 6;
 * docs/decisions.md "A demo that shows the product alive"): list members who joined and left, list emails sent
 * (each a chapter post and a list message), meetups cancelled and confirmed, and the health rule's past notices.
 * The chapter stats and the health table read these rows as they read any other. Deterministic: one generator
 * seeded by a constant per chapter; dates relative to `now`, so the last twelve months always hold data.
 */
import type { Knex } from "knex";
import { DateTime } from "luxon";
import { atRiskTitle, DEFAULT_HEALTH_SETTINGS } from "../contracts/chapterHealth";
import { localDateIn } from "../contracts/schedule";
import { newUnsubscribeToken } from "../mailingLists/contacts";
import { scheduleOf } from "../presenters/schedule";
import { eachDateBetween, luxonZone, occurrenceOn } from "../schedule/engine";
import { atRiskNote, dormantNotice } from "../health/sweep";
import { DEMO_POST_BODIES, type DemoChapter } from "./demoData";
import type { DemoProfile } from "./demoProfiles";

/** One seeded chapter, as demo.ts wrote it. */
export interface SeededChapter {
  id: number;
  demo: DemoChapter;
  profile: DemoProfile;
  eventId: number;
  /** The chapter's newest list email (its "This month at ..." post). */
  lastPost: { id: number; at: string; title: string; body: string };
  /** Who sends its emails and confirms its meetups: its first host or field organizer, if any. */
  hostId: number | null;
  /** Whether that person is a chapter host (hosts are asked to confirm meetups). */
  hostConfirms: boolean;
}

const DAY_MS = 86_400_000;
/** The stats show twelve months: a year of history covers them, the oldest in part. */
const WINDOW_DAYS = 366;
const BATCH = 250;
const FIRST_NAMES = [
  ...["alex", "sam", "jordan", "maya", "chris", "nina", "omar", "lucy", "raj", "tess", "ben", "ivy", "leo", "zoe", "kai", "ana"],
  ...["grace", "hugo", "iris", "jamal", "keiko", "liam", "marta", "noah", "olga", "pablo", "quinn", "ruth", "seth", "tara"],
];
const LAST_NAMES = [
  ...["rivera", "chen", "okafor", "smith", "nguyen", "garcia", "cohen", "patel", "brown", "kim", "lopez", "walsh"],
  ...["adams", "baker", "diaz", "evans", "fischer", "gupta", "haddad", "ito", "jones", "klein", "moreau", "novak"],
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The weekday a chapter meets on ("Tuesday"), or "" for a one-off meetup: what its posts say. */
export const meetingDay = (c: DemoChapter): string => ("day" in c.schedule ? WEEKDAYS[c.schedule.day] : "");

/**
 * Member addresses as people have them (first.last@, first_last@, at a few providers), distinct within a chapter:
 * names drawn without putting back (30 × 24 names, far more than the largest list).
 */
function memberAddresses(count: number, rand: () => number): string[] {
  const pairs = FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => [f, l] as const));
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  const domains = ["example.org", "example.com", "example.net"];
  return pairs.slice(0, count).map(([f, l], i) => {
    const local = i % 4 === 0 ? `${f}_${l}` : `${f}.${l}`;
    return `${local}@${domains[i % domains.length]}`;
  });
}

const SUBJECTS = [
  (c: DemoChapter, d: DateTime) => `${d.toFormat("LLLL")} at ${c.venue}`,
  (c: DemoChapter) => (meetingDay(c) ? `See you ${meetingDay(c)}: bring a friend` : "See you there: bring a friend"),
  () => "A guest speaker this month",
  () => "Thanks for a great night, and what's next",
  (c: DemoChapter, d: DateTime) => `Save the date: our ${d.toFormat("LLLL")} gathering`,
];

/** A small, fast generator (mulberry32): the same numbers for the same seed on every machine. */
export function demoRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Member {
  joined: number;
  left: number | null;
  status: "active" | "unsub" | "deleted";
}

/** Today's members and the last year's leavers, as days before `now` (fractions place them in the day). */
function membersOf(p: DemoProfile, rand: () => number): Member[] {
  const age = p.foundedDaysAgo;
  const recentShare = age <= WINDOW_DAYS ? 1 : 0.35;
  const out: Member[] = [];
  for (let i = 0; i < p.members; i++) {
    const joined = rand() < recentShare ? rand() * Math.min(age, WINDOW_DAYS) : WINDOW_DAYS + rand() * (age - WINDOW_DAYS);
    out.push({ joined, left: null, status: "active" });
  }
  const leavers = Math.round(p.members * p.churn * Math.min(1, age / WINDOW_DAYS));
  for (let i = 0; i < leavers; i++) {
    const left = rand() * Math.min(age, WINDOW_DAYS);
    const joined = left + 1 + rand() * Math.max(0, Math.min(age, 3 * 365) - left - 1);
    out.push({ joined, left, status: rand() < 0.8 ? "unsub" : "deleted" });
  }
  return out;
}

/** The list emails before the newest one, as days before `now`, newest first. */
function emailDaysOf(p: DemoProfile, lastDaysAgo: number, rand: () => number): number[] {
  const out: number[] = [];
  if (p.emailsPerMonth <= 0) return out;
  const oldest = Math.min(p.foundedDaysAgo - 2, WINDOW_DAYS + 31);
  for (let t = lastDaysAgo; ;) {
    t += (30 / p.emailsPerMonth) * (0.6 + 0.8 * rand()) + (rand() < 0.1 ? 25 : 0);
    if (t > oldest) return out;
    out.push(t);
  }
}

const onList = (m: Member, daysAgo: number) => m.joined > daysAgo && (m.left === null || m.left < daysAgo);

async function insertAll(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH) await trx(table).insert(rows.slice(i, i + BATCH));
}

/** Members and list emails of every chapter (each email a chapter post and a list message). */
async function seedListsAndEmails(trx: Knex.Transaction, chapters: SeededChapter[], now: number) {
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  const contacts: Record<string, unknown>[] = [];
  const posts: Record<string, unknown>[] = [];
  const messages: { slug: string; row: Record<string, unknown> }[] = [];
  for (const [index, c] of chapters.entries()) {
    const rand = demoRandom(0x5eed + index);
    const members = membersOf(c.profile, rand);
    const last = (now - Date.parse(c.lastPost.at)) / DAY_MS;
    const sent = [last, ...emailDaysOf(c.profile, last, rand)];
    const message = (daysAgo: number, postId: number | null) => {
      const total = members.filter((m) => onList(m, daysAgo)).length;
      const at = iso(daysAgo);
      return { chapterId: c.id, chapterBlogPostId: postId, userId: c.hostId, status: "sent", total, sent: total, failed: 0, createdAt: at, updatedAt: at };
    };
    messages.push({ slug: "", row: { ...message(last, c.lastPost.id), title: c.lastPost.title, body: c.lastPost.body } });
    for (const [k, daysAgo] of sent.slice(1).entries()) {
      const when = DateTime.fromMillis(now - daysAgo * DAY_MS, { zone: luxonZone(c.demo.timeZone) });
      const title = SUBJECTS[Math.floor(rand() * SUBJECTS.length)](c.demo, when);
      const body = DEMO_POST_BODIES[Math.floor(rand() * DEMO_POST_BODIES.length)](c.demo, meetingDay(c.demo));
      const slug = `${c.demo.slug}_email_${k + 1}`;
      posts.push({ chapterId: c.id, userId: c.hostId, title, slug, body, createdAt: iso(daysAgo), updatedAt: iso(daysAgo) });
      messages.push({ slug, row: { ...message(daysAgo, null), title, body } });
    }
    const addresses = memberAddresses(members.length, rand);
    for (const [i, m] of members.entries()) {
      const sends = sent.filter((t) => onList(m, t)).length;
      const opens = Math.floor(sends * (0.2 + 0.5 * rand()));
      const left = m.left === null ? null : iso(m.left);
      contacts.push({
        chapterId: c.id,
        email: addresses[i],
        status: m.status,
        numSends: sends,
        numOpens: opens,
        numClicks: Math.floor(opens * 0.25),
        unsubscribeToken: newUnsubscribeToken(),
        deletedAt: m.status === "deleted" ? left : null,
        leftAt: left,
        source: rand() < 0.75 ? "signup" : "host",
        createdAt: iso(m.joined),
        updatedAt: left ?? iso(m.joined),
      });
    }
  }
  await insertAll(trx, "mailingListContacts", contacts);
  await insertAll(trx, "chapterBlogPosts", posts);
  const postIds = new Map(
    (
      (await trx("chapterBlogPosts")
        .whereIn(
          "chapterId",
          chapters.map((c) => c.id),
        )
        .select("id", "slug")) as { id: number; slug: string }[]
    ).map((p) => [p.slug, Number(p.id)]),
  );
  await insertAll(
    trx,
    "listMessages",
    messages.map((m) => (m.slug ? { ...m.row, chapterBlogPostId: postIds.get(m.slug) ?? null } : m.row)),
  );
}

/** Past meetups: a holiday break and the odd venue closure cancelled; most recent ones confirmed by a host. */
async function seedMeetups(trx: Knex.Transaction, chapters: SeededChapter[], now: number) {
  const confirmations: Record<string, unknown>[] = [];
  for (const [index, c] of chapters.entries()) {
    if ("inDays" in c.demo.schedule) continue;
    const rand = demoRandom(0xca1 + index);
    const zone = luxonZone(c.demo.timeZone);
    const today = DateTime.fromMillis(now, { zone });
    const from = today.minus({ days: Math.min(WINDOW_DAYS, c.profile.foundedDaysAgo) }).toISODate()!;
    const { day, weeks, start: startTime, end: endTime } = c.demo.schedule;
    const s = scheduleOf({ isSingleDate: false, singleDate: null, dayOfWeekIndex: day, weeksOfMonthIndexes: weeks, startTime, endTime }, c.demo.timeZone);
    const cancelled: { date: string; note: string }[] = [];
    const confirmed: { date: string; at: string }[] = [];
    for (const date of eachDateBetween(s, from, today.minus({ days: 1 }).toISODate()!)) {
      const holiday = date.slice(5) >= "12-24" || date.slice(5) <= "01-01";
      if ((holiday && index % 2 === 0) || rand() < 0.04) {
        cancelled.push({ date, note: holiday ? "Holiday break: see you in the new year!" : "The venue is closed for a private event." });
        continue;
      }
      const start = occurrenceOn(s, date)?.start.toMillis();
      if (!c.hostConfirms || start === undefined || now - start > 180 * DAY_MS || rand() > 0.75) continue;
      const at = new Date(start - 20 * 3_600_000).toISOString();
      confirmed.push({ date, at });
      const asked = new Date(start - 48 * 3_600_000).toISOString();
      confirmations.push({ chapterEventId: c.eventId, date, userId: c.hostId, emailedAt: asked, confirmedAt: at, createdAt: asked });
    }
    await trx("chapterEvents")
      .where({ id: c.eventId })
      .update({ cancelledDates: JSON.stringify(cancelled), confirmedDates: JSON.stringify(confirmed) });
  }
  await insertAll(trx, "meetupConfirmations", confirmations);
}

/**
 * What the daily health run did when the quiet chapters crossed the thresholds (notices claimed, activity, the
 * dormant one off the map): the run at start-up finds them claimed and sends nothing again.
 */
async function seedHealthNotices(trx: Knex.Transaction, chapters: SeededChapter[], now: number) {
  const { atRiskAfterDays, dormantAfterDays } = DEFAULT_HEALTH_SETTINGS;
  for (const c of chapters) {
    const since = c.lastPost.at;
    const sinceDate = localDateIn(since, c.demo.timeZone);
    const crossed = (days: number) => {
      const at = Date.parse(since) + days * DAY_MS;
      return at <= now ? new Date(at).toISOString() : null;
    };
    const atRisk = crossed(atRiskAfterDays);
    if (!atRisk) continue;
    await trx("chapterHealthNotices").insert({ chapterId: c.id, kind: "at_risk", since, createdAt: atRisk });
    const activity = { userId: null, chapterId: c.id, adminOnly: false, type: "chapter_health", objectId: null };
    await trx("activityFeedItems").insert({
      ...activity,
      title: atRiskTitle(c.demo, atRiskAfterDays),
      note: atRiskNote(sinceDate),
      createdAt: atRisk,
      updatedAt: atRisk,
    });
    const dormant = crossed(dormantAfterDays);
    // Only a chapter the demo shows off the map went dormant (one on it would be taken off by the run at start).
    if (!dormant || c.demo.status !== 0) continue;
    await trx("chapterHealthNotices").insert({ chapterId: c.id, kind: "dormant", since, createdAt: dormant });
    await trx("chapterHealth").insert({ chapterId: c.id, dormantSince: dormant, createdAt: dormant, updatedAt: dormant });
    const { title, body } = dormantNotice(c.demo, dormantAfterDays, sinceDate);
    await trx("activityFeedItems").insert({ ...activity, title, note: body, createdAt: dormant, updatedAt: dormant });
  }
}

/** Writes the history of the chapters demo.ts has just created, in its transaction. */
export async function seedDemoHistory(trx: Knex.Transaction, chapters: SeededChapter[], now: Date): Promise<void> {
  await seedListsAndEmails(trx, chapters, now.getTime());
  await seedMeetups(trx, chapters, now.getTime());
  await seedHealthNotices(trx, chapters, now.getTime());
}
