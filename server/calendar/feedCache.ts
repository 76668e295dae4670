/**
 * Rendered feeds kept in the read cache (lib/readCache: one bounded LRU per database), stamped with the read
 * versions of the tables a feed is made of (chapters, their types and their events, bumped by triggers in the same
 * transaction as every write): any change by any app process (an event added, edited or deleted; a chapter renamed,
 * hidden or shown; a type renamed) is seen by the next request. A feed is also written again when the cutoff of its past single dates moves
 * (a new UTC day); as nothing was written then, the old one is served while the new one is built. The ETag (a hash
 * of the bytes, which depend only on the stored rows and the cutoff) is the same in every process.
 */
import type { Knex } from "knex";
import { isPostgres } from "../db";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import { singleDatesPastBefore } from "../models/ChapterEvent";
import { STATES, chapterName, type CancelledDate } from "../contracts/chapter";
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
import { bytesInSlices, madeFrom, readCacheOf, type CachedAnswer } from "../lib/readCache";

export type FeedScope = { kind: "chapter"; slug: string } | { kind: "state"; state: string } | { kind: "all" };

export interface RenderedFeed {
  /** The bytes to send, their ETag and type: one object per build, current while the feed is (lib/readCache isCurrent). */
  answer: CachedAnswer;
  /** File name for downloads. */
  fileName: string;
}

/** Past single dates each chapter keeps in its feeds, newest first, as history for subscribed calendars. */
export const FEED_PAST_SINGLE_DATES = 10;
/** The tables a feed is made of (a chapter's name in it includes its type's). */
const FEED_TABLES = ["chapters", "chapter_types", "chapter_events"];
const DAY_MS = 86_400_000;

const scopeKey = (scope: FeedScope) => (scope.kind === "chapter" ? `chapter:${scope.slug}` : scope.kind === "state" ? `state:${scope.state}` : "all");

/** The chapter behind a chapter feed (its id and status, which decides who may read it), or null when no chapter has that slug. */
export function feedChapter(knex: Knex, slug: string): Promise<{ id: number; status: number } | null> {
  return readCacheOf(knex).kept(`feedChapter:${slug}`, ["chapters"], async () => {
    const row = (await knex("chapters").where({ slug }).first("id", "status")) as { id: unknown; status: unknown } | undefined;
    return { kept: row ? { id: Number(row.id), status: Number(row.status) } : null, bytes: 64 };
  });
}

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
  const [chapterRows, types] = await Promise.all([
    chapterQuery([...FEED_CHAPTER_COLUMNS, "chapterTypeId"]) as Promise<(Omit<FeedChapter, "typeName"> & { chapterTypeId: number })[]>,
    knex("chapterTypes").select("id", "name") as Promise<{ id: number; name: string }[]>,
  ]);
  const typeNames = new Map(types.map((t) => [Number(t.id), t.name]));
  const chapters: FeedChapter[] = chapterRows.map(({ chapterTypeId, ...c }) => ({ ...c, typeName: typeNames.get(Number(chapterTypeId)) ?? "" }));
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
    const title = chapters[0] ? chapterName(chapters[0], chapters[0].typeName) : scope.slug;
    // The file name goes into a Content-Disposition header: nothing but safe characters (old slugs may hold more).
    return { name: title, description: `Meetings of ${title}`, fileName: `${scope.slug.replace(/[^A-Za-z0-9_-]/g, "_")}.ics` };
  }
  if (scope.kind === "state")
    return { name: `${STATES[scope.state]} chapters`, description: `Meetings of the chapters in ${STATES[scope.state]}`, fileName: `${scope.state}.ics` };
  return { name: "All chapters", description: "Meetings of every active chapter", fileName: "all-chapters.ics" };
}

/**
 * The feed for a scope: kept until a chapter or an event changes (in any process) or the cutoff of past single
 * dates moves, else rendered from the database.
 */
export async function renderFeed(knex: Knex, scope: FeedScope, publicUrl: string, chapterId?: number): Promise<RenderedFeed> {
  const feed = await readCacheOf(knex).kept(`feed:${scopeKey(scope)}`, FEED_TABLES, async (now) => {
    const rendered = await render(knex, scope, singleDatesPastBefore(now), publicUrl, chapterId);
    // The cutoff moves at the next UTC midnight.
    const nextDay = (Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS;
    return { kept: rendered, expiresAt: nextDay, bytes: Math.ceil(rendered.answer.body.length * 1.3) };
  });
  // The kept-answer lane (lib/hotLane.ts) may send these bytes again while the feed is current.
  madeFrom(feed.answer, feed);
  return feed;
}

async function render(knex: Knex, scope: FeedScope, cutoff: string, publicUrl: string, chapterId?: number): Promise<RenderedFeed> {
  const { chapters, events } = await loadFeed(knex, scope, cutoff, chapterId);
  const titles = feedTitle(scope, chapters);
  // The feed is written as of the cutoff date (feedHorizon), so the bytes follow from the rows and the day.
  const pieces = await feedPiecesInSlices({ name: titles.name, description: titles.description, publicUrl, events, asOf: cutoff });
  const { body, etag } = await bytesInSlices(pieces);
  return { answer: { body, etag, contentType: "text/calendar; charset=utf-8" }, fileName: titles.fileName };
}

/** Empties this process's kept feeds (tests use it to play a second, cold process). */
export function clearFeedCache(knex: Knex): void {
  readCacheOf(knex).clear();
  forgetRenderedEvents();
}

/**
 * Builds the network feed once in the background (in slices, like any build), so the first calendar app asking
 * a new process for it finds it ready. Failures only cost that head start.
 */
export async function warmUpNetworkFeed(knex: Knex, publicUrl: string): Promise<void> {
  const scope: FeedScope = { kind: "all" };
  try {
    await renderFeed(knex, scope, publicUrl);
  } catch {
    // Only the head start is lost: the first request builds the feed.
  }
}
