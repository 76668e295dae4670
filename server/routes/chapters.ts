import type Router from "@koa/router";
import type { QueryBuilder } from "objection";
import { z } from "zod";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { ChapterEvent } from "../models/ChapterEvent";
import { ChapterType } from "../models/ChapterType";
import { presentPinList } from "../presenters/chapterPins";
import { intParam, parse } from "../lib/validate";
import { loadChapterDetail } from "../lib/load";
import { containsPattern } from "../lib/search";
import { readPage, setPageHeaders } from "../lib/paging";
import { CHAPTER_LIST_LIMIT_MAX, CHAPTER_LIST_PAGE_SIZE } from "../contracts/paging";
import { requireViewer } from "../policies/authorize";
import { STATES, displayTitle } from "../contracts/chapter";
import type { ChapterDetail, ChapterSummary } from "../contracts/chapter";
import type { Viewer } from "../policies/viewer";
import { withMeetupCounts } from "../presenters/rsvp";
import { presentChapter, presentChapterSummary, presentUpcomingEvents } from "../presenters/chapter";
import { presentActiveChapterDates } from "../presenters/publicDates";
import { EVENT_DATE_COLUMNS, eventsExpireAt } from "../presenters/schedule";
import { readCacheOf, sendCached } from "../lib/readCache";
import { keptList, sendListPage } from "../lib/keptList";
import { mapInSlices, readInChunks, yieldToLoop } from "../lib/slices";
import { sortedByTextInSlices } from "../lib/collate";
import { chapterHeaderImageUrl } from "../lib/images";
import type { Services } from "../services";

const byDisplayTitle = (a: Chapter, b: Chapter) => displayTitle(a).toLowerCase().localeCompare(displayTitle(b).toLowerCase());
/** Chapters by display title (case-insensitive), as byDisplayTitle orders them, for lists of network size. */
const sortedByDisplayTitle = (chapters: Chapter[]) => sortedByTextInSlices(chapters, (c) => displayTitle(c).toLowerCase());

/** Chapters of a public list with the relations it shows, read 500 at a time (lib/slices: readInChunks). */
function chaptersInChunks(relations: string, narrow: (query: QueryBuilder<Chapter>) => void = () => {}): Promise<Chapter[]> {
  return readInChunks((afterId, size) => {
    const query = Chapter.query().withGraphFetched(relations).where("chapters.id", ">", afterId).orderBy("chapters.id").limit(size);
    narrow(query);
    return query;
  });
}

/** What a chapter's page shows beyond the chapter's own rows: its last post's date and its header image. */
async function chapterExtras(chapterId: number): Promise<{ lastBlogPostDate: string | null; headerImage: string | null }> {
  const [post, headerImage] = await Promise.all([
    ChapterBlogPost.query().where({ chapterId }).orderBy("createdAt", "desc").select("createdAt").first(),
    chapterHeaderImageUrl(chapterId),
  ]);
  return { lastBlogPostDate: post?.createdAt ?? null, headerImage };
}

const stateParam = z
  .string()
  .transform((s) => s.toLowerCase())
  .refine((s) => s in STATES, "state must be a US state abbreviation, dc, pr or int");

export const listSchema = z.object({
  q: z.string({ error: "q must be text" }).trim().max(100, "q must be at most 100 characters").optional(),
  sort: z.enum(["title", "state"], { error: "sort must be title or state" }).optional(),
});

/** A page of a chapter list: `page` and `limit` (500 by default and at most). */
const chapterListPage = (query: Record<string, unknown>) => readPage(query, CHAPTER_LIST_PAGE_SIZE, CHAPTER_LIST_LIMIT_MAX);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The admin Chapters screen's order: state, city and title (case-insensitive), then id. */
const byStateCityTitle = (a: ChapterSummary, b: ChapterSummary) =>
  compareText(a.state, b.state) ||
  compareText(a.city.toLowerCase(), b.city.toLowerCase()) ||
  compareText(a.title.toLowerCase(), b.title.toLowerCase()) ||
  a.id - b.id;
/** What `q` finds a chapter by: title, city, slug or state abbreviation. */
const chapterSearchText = (c: ChapterSummary) => [c.title, c.city, c.slug, c.state].join("\n");

export const searchSchema = z.object({
  q: z.string({ error: "q is required" }).trim().min(2, "Please enter at least 2 characters to search").max(100),
  activeOnly: z.enum(["true", "false"]).optional(),
});

/** Event rows (a few columns each) read at a time for the pins. */
const EVENT_CHUNK_ROWS = 5000;

/**
 * Every active chapter (these columns) and their events that may be upcoming (what a pin needs: place, name and
 * dates), read a chunk at a time: what the home map's pins and the nearest-chapter search are made of.
 */
export function activeChaptersAndEvents(chapterColumns: string[]): Promise<[Chapter[], ChapterEvent[]]> {
  const active = Chapter.query().where({ status: CHAPTER_ACTIVE });
  return Promise.all([
    readInChunks((afterId, size) =>
      active
        .clone()
        .select(...chapterColumns)
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(size),
    ),
    readInChunks(
      (afterId, size) =>
        ChapterEvent.query()
          .modify("mayBeUpcoming")
          .whereIn("chapterId", active.clone().select("id"))
          .select("id", "chapterId", "name", "lat", "lng", ...EVENT_DATE_COLUMNS)
          .where("chapterEvents.id", ">", afterId)
          .orderBy("chapterEvents.id")
          .limit(size),
      EVENT_CHUNK_ROWS,
    ),
  ]);
}

/**
 * A chunk of the active chapters after `afterId` (by id, for readInChunks) with their events' latest change: two
 * plain queries, the events' grouped over the chunk's range of ids.
 */
async function activeChaptersChanged(afterId: number, size: number) {
  const chapters = await Chapter.query()
    .where({ status: CHAPTER_ACTIVE })
    .where("id", ">", afterId)
    .select("id", "slug", "state", "updatedAt")
    .orderBy("id")
    .limit(size);
  const lastId = chapters.at(-1)?.id;
  if (lastId === undefined) return [];
  const events = (await ChapterEvent.query()
    .where("chapterId", ">", afterId)
    .where("chapterId", "<=", lastId)
    .groupBy("chapterId")
    .select("chapterId")
    .max("updatedAt as updatedAt")) as unknown as { chapterId: number | string; updatedAt: string | Date }[];
  const eventsChanged = new Map(events.map((e) => [Number(e.chapterId), e.updatedAt]));
  return chapters.map((c) => ({ id: c.id, slug: c.slug, state: c.state, updatedAt: c.updatedAt, eventsUpdatedAt: eventsChanged.get(c.id) }));
}

/** The tables chapter lists are made of, and those a chapter's page adds (see lib/readCache). */
export const CHAPTER_LIST_TABLES = ["chapters", "chapter_types", "chapter_events"];
const CHAPTER_DETAIL_TABLES = [...CHAPTER_LIST_TABLES, "chapter_links", "permissions", "users", "chapter_blog_posts", "uploaded_images", "rsvps"];

/** A chapter's page answer: the chapter as the viewer may see it, with who's coming to each listed date. */
async function chapterPageAnswer(chapter: Chapter, viewer: Viewer | null, now = new Date()): Promise<ChapterDetail> {
  const detail = presentChapter(chapter, viewer, await chapterExtras(chapter.id), now);
  return { ...detail, chapterEvents: await withMeetupCounts(detail.chapterEvents) };
}

/** Chapters with their upcoming events (none for inactive ones) as lists present them, and when those events stop being true. */
async function withUpcomingEvents(chapters: Chapter[], now: Date) {
  let expiresAt = Infinity;
  // Ten thousand chapters take a while: in slices, so other requests are answered meanwhile.
  const sorted = await sortedByDisplayTitle(chapters);
  await yieldToLoop();
  const rows = await mapInSlices(sorted, (c) => {
    const chapterEvents = c.status === CHAPTER_ACTIVE ? presentUpcomingEvents(c.chapterEvents, c.timeZone, now) : [];
    expiresAt = Math.min(expiresAt, eventsExpireAt(chapterEvents, c.timeZone, now));
    return { ...presentChapterSummary(c), chapterEvents };
  });
  return { rows, expiresAt };
}

/**
 * Chapter reads (spec 000 section 7 "Chapters"). Writes live in the admin route modules. The public lists and
 * a chapter's page as visitors see it are kept ready (lib/readCache), with ETags.
 */
export function chapterRoutes(router: Router, s: Services) {
  const reads = readCacheOf(s.knex);

  router.get("/chapter/slug/:slug", async (ctx) => {
    const slug = ctx.params.slug;
    const viewer = ctx.state.viewer;
    if (viewer) {
      const chapter = await loadChapterDetail({ slug });
      ctx.body = await chapterPageAnswer(chapter, viewer);
      return;
    }
    const answer = await reads.answer(`chapter:${slug}`, CHAPTER_DETAIL_TABLES, async (now) => {
      const chapter = await loadChapterDetail({ slug });
      const value = await chapterPageAnswer(chapter, null, now);
      return { value, expiresAt: eventsExpireAt(value.chapterEvents, chapter.timeZone, now) };
    });
    sendCached(ctx, answer);
  });

  router.get("/chapter/id/:id", async (ctx) => {
    const chapter = await loadChapterDetail({ id: intParam(ctx.params.id) });
    ctx.body = await chapterPageAnswer(chapter, ctx.state.viewer);
  });

  /**
   * Every chapter, active or not, as summaries (inactive ones are shown dimmed), by display title or, with
   * `sort=state`, by state, city and title (the admin Chapters screen), narrowed by `q` (title, city, slug or
   * state). A page at a time (lib/keptList): the first 500 without `page`/`limit`, the whole list of a network
   * the size of the spec's.
   */
  router.get("/chapters", async (ctx) => {
    const page = chapterListPage(ctx.query);
    const { q, sort } = parse(listSchema, ctx.query);
    const list = await keptList(
      reads,
      "chapters",
      CHAPTER_LIST_TABLES,
      async () => ({ rows: await mapInSlices(await sortedByDisplayTitle(await chaptersInChunks("chapterType")), presentChapterSummary) }),
      { searchText: chapterSearchText, orders: { state: byStateCityTitle } },
    );
    sendListPage(ctx, "/api/chapters", list, { page, order: sort === "state" ? "state" : undefined, q: q || undefined });
  });

  /** Active chapters with their upcoming events and next dates, by display title, a page at a time (lib/keptList). */
  router.get("/chapters/active", async (ctx) => {
    const page = chapterListPage(ctx.query);
    const list = await keptList(reads, "chapters:active", CHAPTER_LIST_TABLES, async (now) =>
      withUpcomingEvents(await chaptersInChunks("[chapterType, chapterEvents(mayBeUpcoming)]", (query) => query.where({ status: CHAPTER_ACTIVE })), now),
    );
    sendListPage(ctx, "/api/chapters/active", list, { page });
  });

  /**
   * Every active chapter's page address (slug, state) and its last change, its events' included: one compact row
   * each, by id, kept ready like the other public lists. What the sitemap lists the chapters' pages from.
   */
  router.get("/chapters/active/dates", async (ctx) => {
    const answer = await reads.answer("chapters:active:dates", ["chapters", "chapter_events"], async () => ({
      value: presentActiveChapterDates(await readInChunks(activeChaptersChanged)),
    }));
    sendCached(ctx, answer);
  });

  /**
   * The home map's pins: every active chapter as one compact row (id, slug, title, state, type, place, next date).
   * Three plain queries, kept ready like the other public lists; the events read are only those that may be upcoming.
   */
  router.get("/chapters/pins", async (ctx) => {
    const answer = await reads.answer("chapters:pins", CHAPTER_LIST_TABLES, async (now) => {
      const [[chapters, events], types] = await Promise.all([
        activeChaptersAndEvents(["id", "slug", "title", "city", "state", "chapterTypeId", "timeZone"]),
        ChapterType.query().select("id", "name", "hexColor"),
      ]);
      const expiry = { at: Infinity };
      return { value: await presentPinList(chapters, events, types, now, expiry), expiresAt: expiry.at };
    });
    sendCached(ctx, answer);
  });

  /** The caller's chapters with their roles on each (My Chapters), by display title, a page at a time. */
  router.get("/chapters/my", async (ctx) => {
    const viewer = requireViewer(ctx);
    const page = chapterListPage(ctx.query);
    const ids = [...viewer.chapterRoles.keys()];
    const chapters = ids.length ? await Chapter.query().whereIn("id", ids).withGraphFetched("chapterType") : [];
    setPageHeaders(ctx, "/api/chapters/my", page, chapters.length);
    ctx.body = chapters
      .sort(byDisplayTitle)
      .slice(page.offset, page.offset + page.limit)
      .map((c) => ({
        ...presentChapterSummary(c),
        roleIds: [...(viewer.chapterRoles.get(c.id) ?? [])].sort(),
      }));
  });

  /** A state's chapters (the active ones with their upcoming events), by display title, a page at a time. */
  router.get("/chapters/state/:state", async (ctx) => {
    const state = parse(stateParam, ctx.params.state);
    const page = chapterListPage(ctx.query);
    const list = await keptList(reads, `chapters:state:${state}`, CHAPTER_LIST_TABLES, async (now) => {
      const chapters = await chaptersInChunks("[chapterType, chapterEvents(mayBeUpcoming)]", (query) => {
        if (state === "int") query.where((q) => q.where({ state: "int" }).orWhere({ state: "" }));
        else query.where({ state });
      });
      return withUpcomingEvents(chapters, now);
    });
    sendListPage(ctx, `/api/chapters/state/${state}`, list, { page });
  });

  router.get("/chapters/search", async (ctx) => {
    const { q, activeOnly } = parse(searchSchema, ctx.query);
    const like = containsPattern(q);
    const query = Chapter.query()
      .withGraphFetched("chapterType")
      .where((w) =>
        w
          .whereRaw("lower(title) like ? escape '\\'", [like])
          .orWhereRaw("lower(city) like ? escape '\\'", [like])
          .orWhereRaw("lower(slug) like ? escape '\\'", [like]),
      )
      .limit(50);
    if (activeOnly === "true") query.where({ status: CHAPTER_ACTIVE });
    ctx.body = (await query).sort(byDisplayTitle).map(presentChapterSummary);
  });
}
