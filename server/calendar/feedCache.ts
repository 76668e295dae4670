/**
 * Rendered feeds kept in memory, keyed by feed and checked against a fingerprint read from the database (one
 * aggregate query, trusted for FINGERPRINT_TTL_MS). Any change by any app process (an event added, edited or
 * deleted; a chapter renamed, hidden or shown) changes the fingerprint, so a process serves a changed feed at
 * once after its own writes and within a quarter second after another process's; the ETag (a hash of the
 * bytes, which depend only on the stored rows) is the same in every process.
 */
import type { Knex } from "knex";
import { isPostgres } from "../db";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import { singleDatesPastBefore } from "../models/ChapterEvent";
import { STATES, displayTitle, type CancelledDate } from "../contracts/chapter";
import {
  feedPiecesInSlices,
  forgetRenderedEvents,
  FEED_CHAPTER_COLUMNS,
  FEED_EVENT_COLUMNS,
  type FeedChapter,
  type FeedEvent,
  type FeedEventRow,
} from "./feed";
import { readInChunks } from "../lib/slices";
import { bytesInSlices, coalescer, currentWhile, rowsOf, type CachedAnswer } from "../lib/readCache";

export type FeedScope = { kind: "chapter"; slug: string } | { kind: "state"; state: string } | { kind: "all" };

export interface RenderedFeed {
  fingerprint: string;
  /** The bytes to send, their ETag and type: one object per build, current while the feed's fingerprint holds. */
  answer: CachedAnswer;
  /** File name for downloads. */
  fileName: string;
}

const MAX_ENTRIES = 500;
/** Past single dates each chapter keeps in its feeds, newest first, as history for subscribed calendars. */
export const FEED_PAST_SINGLE_DATES = 10;
const cache = new Map<string, RenderedFeed>();
const shared = coalescer();

/**
 * How long a fingerprint read from the database is trusted. Writes made through this process forget the
 * fingerprints at once (forgetFeedFingerprints); a write made through another process shows in this process's
 * feeds within this time. Calendar apps poll hourly; a busy feed costs a few queries a second, not one a request.
 */
export const FINGERPRINT_TTL_MS = 250;
const MAX_FINGERPRINTS = 2000;
const fingerprints = new Map<string, { at: number; value: Promise<unknown> }>();

function remembered<T>(key: string, work: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = fingerprints.get(key);
  if (hit && now - hit.at < FINGERPRINT_TTL_MS) return hit.value as Promise<T>;
  // The read starts now or later, so what it finds is at least as fresh as `now`.
  const value = shared(key, work);
  if (fingerprints.size >= MAX_FINGERPRINTS) {
    for (const [k, v] of fingerprints) if (now - v.at >= FINGERPRINT_TTL_MS) fingerprints.delete(k);
    if (fingerprints.size >= MAX_FINGERPRINTS) fingerprints.clear();
  }
  fingerprints.set(key, { at: now, value });
  value.catch(() => fingerprints.delete(key));
  return value;
}

/** Forgets every remembered fingerprint: call after this process changes events or chapters. */
export function forgetFeedFingerprints(): void {
  fingerprints.clear();
}

const scopeKey = (scope: FeedScope) => (scope.kind === "chapter" ? `chapter:${scope.slug}` : scope.kind === "state" ? `state:${scope.state}` : "all");

const EVENT_AGGREGATES = "count(e.id) as n, max(e.updated_at) as eu, coalesce(sum(e.id), 0) as ids, coalesce(sum(e.sequence), 0) as seqs";

/** The chapter behind a chapter feed with its fingerprint, or null when no chapter has that slug. */
export function chapterFingerprint(knex: Knex, slug: string): Promise<{ id: number; status: number; fingerprint: string } | null> {
  return remembered(`fp:chapter:${slug}`, () => readChapterFingerprint(knex, slug));
}

async function readChapterFingerprint(knex: Knex, slug: string): Promise<{ id: number; status: number; fingerprint: string } | null> {
  const rows = (await knex.raw(
    `select c.id, c.status, c.updated_at as cu, ${EVENT_AGGREGATES} from chapters c left join chapter_events e on e.chapter_id = c.id where c.slug = ? group by c.id, c.status, c.updated_at`,
    [slug],
  )) as unknown;
  const row = rowsOf(rows)[0];
  if (!row) return null;
  return { id: Number(row.id), status: Number(row.status), fingerprint: fingerprintOf(row) };
}

/** Fingerprint of the active chapters of a state (or of all of them) and their events. */
export function groupFingerprint(knex: Knex, scope: Exclude<FeedScope, { kind: "chapter" }>): Promise<string> {
  return remembered(`fp:${scopeKey(scope)}`, () => readGroupFingerprint(knex, scope));
}

async function readGroupFingerprint(knex: Knex, scope: Exclude<FeedScope, { kind: "chapter" }>): Promise<string> {
  const where = scope.kind === "all" ? "" : scope.state === "int" ? " and (c.state = 'int' or c.state = '')" : " and c.state = ?";
  const bindings = scope.kind === "state" && scope.state !== "int" ? [CHAPTER_ACTIVE, scope.state] : [CHAPTER_ACTIVE];
  const rows = (await knex.raw(
    `select count(distinct c.id) as chapters, coalesce(sum(distinct c.id), 0) as cids, max(c.updated_at) as cu, ${EVENT_AGGREGATES} from chapters c left join chapter_events e on e.chapter_id = c.id where c.status = ?${where}`,
    bindings,
  )) as unknown;
  return fingerprintOf(rowsOf(rows)[0] ?? {});
}

/**
 * A fingerprint: the cutoff date of the feed's past single dates (so a feed changes as days pass; it also sets how
 * far ahead meetups a clock change touches are written, feed.ts feedHorizon), then the aggregates of the rows.
 * render() reads the cutoff back, so the bytes follow from the fingerprint alone.
 */
function fingerprintOf(row: Record<string, unknown>): string {
  // Postgres hands over timestamps as Dates, whose String() drops the milliseconds: two changes within a second
  // would leave the same fingerprint.
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
  return JSON.stringify([singleDatesPastBefore(new Date()), ...Object.values(row).map(text)]);
}
const cutoffOf = (fingerprint: string): string => JSON.parse(fingerprint)[0];

/** Events read at a time for a feed (a chunk is converted in a few milliseconds). */
export const FEED_EVENT_CHUNK_ROWS = 2000;

/** The event columns a feed reads, and the chapter each belongs to. */
const EVENT_COLUMNS = [...FEED_EVENT_COLUMNS, "chapterId"] as const;

/**
 * The events a feed carries: repeating ones, single dates from two days ago on (UTC), and each chapter's newest
 * FEED_PAST_SINGLE_DATES single dates before that, so subscribed calendars keep recent history while hundreds
 * of old events never leave the database. What it picks depends only on the rows and `cutoff`.
 */
function feedEvents(query: Knex.QueryBuilder, cutoff: string) {
  query.where((q) =>
    q
      .where("isSingleDate", false)
      .orWhere("singleDate", ">=", cutoff)
      .orWhereRaw(
        "chapter_events.id in (select recent.id from chapter_events recent where recent.chapter_id = chapter_events.chapter_id and recent.is_single_date = ? and recent.single_date < ? order by recent.single_date desc, recent.id desc limit ?)",
        [true, cutoff, FEED_PAST_SINGLE_DATES],
      ),
  );
}

/** A stored timestamp as the models read it: an ISO string (Postgres hands over a Date). */
const isoStampOf = (value: unknown): string => (value instanceof Date ? value.toISOString() : (value as string));

/** Cancelled meetups as stored (JSON text); a row that does not hold a list has none. */
function cancelledDatesOf(value: unknown): CancelledDate[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  return Array.isArray(parsed) ? parsed : [];
}

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * How a chunk of the feed's events is read. node-sqlite3 hands over every value of every row on its own, and
 * knex then maps every row's keys: for the tens of thousands of events of a network feed that held the event loop
 * for 40 to 60 ms a chunk. There SQLite writes the whole chunk as one JSON text (json_group_array), read back by
 * one JSON.parse in a fifth of the time. lat and lng go as text with 18 digits (SQLite's JSON gives a REAL only
 * 15, and a coordinate must come back as stored). Postgres hands over rows as they are.
 */
async function readEventChunk(knex: Knex, query: Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  query.select(EVENT_COLUMNS.map((column) => `chapterEvents.${column}`));
  if (isPostgres(knex)) return (await query) as Record<string, unknown>[];
  const fields = EVENT_COLUMNS.map((column) => {
    const value = `chunk.${snakeCase(column)}`;
    return `'${column}', ${column === "lat" || column === "lng" ? `case when ${value} is null then null else printf('%!.20e', ${value}) end` : value}`;
  });
  const rows = (await knex.select(knex.raw(`json_group_array(json_object(${fields.join(", ")})) as events`)).from(query.as("chunk"))) as { events: string }[];
  const events = JSON.parse(rows[0]?.events ?? "[]") as Record<string, unknown>[];
  for (const event of events) {
    if (event.lat != null) event.lat = Number(event.lat);
    if (event.lng != null) event.lng = Number(event.lng);
  }
  // In id order, as a chunk must be (json_group_array keeps the order SQLite reads the chunk in; this does not rely on it).
  return events.sort((a, b) => (a.id as number) - (b.id as number));
}

/** An event row as the models read it: booleans, ISO timestamps and parsed cancelled meetups. */
function feedEventOf(event: Record<string, unknown>): FeedEventRow & { chapterId: number } {
  event.isSingleDate = Boolean(event.isSingleDate);
  event.createdAt = isoStampOf(event.createdAt);
  event.updatedAt = isoStampOf(event.updatedAt);
  event.cancelledDates = cancelledDatesOf(event.cancelledDates);
  return event as unknown as FeedEventRow & { chapterId: number };
}

/**
 * The chapters of a feed and their events, read as plain rows (a network feed reads tens of thousands of
 * events: making a model of each cost a fifth of its first build), converted as the models convert them.
 */
async function loadFeed(knex: Knex, scope: FeedScope, cutoff: string, chapterId?: number): Promise<{ chapters: FeedChapter[]; events: FeedEvent[] }> {
  const chapterQuery = (columns: readonly string[]) => {
    const query = knex("chapters").select(columns);
    if (scope.kind === "chapter") return query.where({ id: chapterId! });
    query.where({ status: CHAPTER_ACTIVE });
    if (scope.kind === "state") {
      if (scope.state === "int") query.where((q) => q.where({ state: "int" }).orWhere({ state: "" }));
      else query.where({ state: scope.state });
    }
    return query;
  };
  // A chunk of events at a time (lib/slices: readInChunks), each converted as it comes: a network feed reads tens
  // of thousands, which read and converted in one go held the event loop for over 100 ms.
  const eventChunk = async (afterId: number, size: number) => {
    const query = knex("chapterEvents").whereIn("chapterEvents.chapterId", chapterQuery(["id"]));
    feedEvents(query, cutoff);
    query.where("chapterEvents.id", ">", afterId).orderBy("chapterEvents.id").limit(size);
    return (await readEventChunk(knex, query)).map(feedEventOf);
  };
  const chapters = (await chapterQuery(FEED_CHAPTER_COLUMNS)) as FeedChapter[];
  const rows = await readInChunks(eventChunk, FEED_EVENT_CHUNK_ROWS);
  const byId = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const events: FeedEvent[] = [];
  for (const event of rows) {
    const chapter = byId.get(event.chapterId);
    if (chapter) events.push({ event, chapter });
  }
  return { chapters, events };
}

function feedTitle(scope: FeedScope, chapters: FeedChapter[]): { name: string; description: string; fileName: string } {
  if (scope.kind === "chapter") {
    const title = chapters[0] ? displayTitle(chapters[0]) : scope.slug;
    // The file name goes into a Content-Disposition header: nothing but safe characters (old slugs may hold more).
    return { name: title, description: `Meetings of ${title}`, fileName: `${scope.slug.replace(/[^A-Za-z0-9_-]/g, "_")}.ics` };
  }
  if (scope.kind === "state")
    return { name: `${STATES[scope.state]} chapters`, description: `Meetings of the chapters in ${STATES[scope.state]}`, fileName: `${scope.state}.ics` };
  return { name: "All chapters", description: "Meetings of every active chapter", fileName: "all-chapters.ics" };
}

/**
 * The feed for a scope at this fingerprint: from the cache when the fingerprint matches, else rendered from
 * the database. Read the fingerprint BEFORE calling this, so a change made while rendering is seen next time.
 */
export async function renderFeed(knex: Knex, scope: FeedScope, fingerprint: string, publicUrl: string, chapterId?: number): Promise<RenderedFeed> {
  const hit = cache.get(scopeKey(scope));
  if (hit && hit.fingerprint === fingerprint) return hit;
  return shared(`render:${scopeKey(scope)}:${fingerprint}`, () => render(knex, scope, fingerprint, publicUrl, chapterId));
}

async function render(knex: Knex, scope: FeedScope, fingerprint: string, publicUrl: string, chapterId?: number): Promise<RenderedFeed> {
  const key = scopeKey(scope);
  const { chapters, events } = await loadFeed(knex, scope, cutoffOf(fingerprint), chapterId);
  const titles = feedTitle(scope, chapters);
  // The feed is written as of the fingerprint's cutoff date (feedHorizon), so the bytes follow from the fingerprint.
  const pieces = await feedPiecesInSlices({ name: titles.name, description: titles.description, publicUrl, events, asOf: cutoffOf(fingerprint) });
  const { body, etag } = await bytesInSlices(pieces);
  const answer: CachedAnswer = { body, etag, contentType: "text/calendar; charset=utf-8" };
  const rendered: RenderedFeed = { fingerprint, answer, fileName: titles.fileName };
  // The kept-answer lane (lib/hotLane.ts) may send these bytes again while the feed's fingerprint, read as every
  // request here reads it, is unchanged and the feed is still the one kept. The fingerprint holds the chapter's
  // status, so a chapter feed hidden from the public (lane requests are anonymous) stops being current.
  currentWhile(answer, async () => cache.get(key) === rendered && (await currentFingerprint(knex, scope)) === fingerprint);
  cache.delete(key);
  cache.set(key, rendered);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return rendered;
}

/** The fingerprint a request for this feed would read now (null: no chapter has that slug). */
async function currentFingerprint(knex: Knex, scope: FeedScope): Promise<string | null> {
  if (scope.kind !== "chapter") return groupFingerprint(knex, scope);
  return (await chapterFingerprint(knex, scope.slug))?.fingerprint ?? null;
}

/** Empties this process's cache (tests use it to play a second, cold process). */
export function clearFeedCache(): void {
  cache.clear();
  fingerprints.clear();
  forgetRenderedEvents();
}

/**
 * Builds the network feed once in the background (in slices, like any build), so the first calendar app asking
 * a new process for it finds it ready. Failures only cost that head start.
 */
export async function warmUpNetworkFeed(knex: Knex, publicUrl: string): Promise<void> {
  const scope: FeedScope = { kind: "all" };
  try {
    await renderFeed(knex, scope, await groupFingerprint(knex, scope), publicUrl);
  } catch {
    // Only the head start is lost: the first request builds the feed.
  }
}
