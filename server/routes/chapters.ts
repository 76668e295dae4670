import type Router from "@koa/router";
import { z } from "zod";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { ChapterEvent } from "../models/ChapterEvent";
import { ChapterType } from "../models/ChapterType";
import { presentPinList } from "../presenters/chapterPins";
import { intParam, parse } from "../lib/validate";
import { loadChapterDetail } from "../lib/load";
import { containsPattern } from "../lib/search";
import { pageOf, readPage } from "../lib/paging";
import { ADMIN_CHAPTERS_PAGE_SIZE } from "../contracts/paging";
import { requireViewer } from "../policies/authorize";
import { STATES, displayTitle } from "../contracts/chapter";
import { presentChapter, presentChapterSummary, presentUpcomingEvents } from "../presenters/chapter";
import { EVENT_DATE_COLUMNS, eventsExpireAt } from "../presenters/schedule";
import { readCacheOf, sendCached } from "../lib/readCache";
import { mapInSlices } from "../lib/slices";
import { chapterHeaderImageUrl } from "../lib/images";
import type { Services } from "../services";

const byDisplayTitle = (a: Chapter, b: Chapter) => displayTitle(a).toLowerCase().localeCompare(displayTitle(b).toLowerCase());

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

const adminSearchSchema = z.object({ q: z.string({ error: "q must be text" }).trim().max(100, "q must be at most 100 characters").optional() });

const searchSchema = z.object({
  q: z.string({ error: "q is required" }).trim().min(2, "Please enter at least 2 characters to search").max(100),
  activeOnly: z.enum(["true", "false"]).optional(),
});

/** The tables chapter lists are made of, and those a chapter's page adds (see lib/readCache). */
export const CHAPTER_LIST_TABLES = ["chapters", "chapter_types", "chapter_events"];
const CHAPTER_DETAIL_TABLES = [...CHAPTER_LIST_TABLES, "chapter_links", "permissions", "users", "chapter_blog_posts", "uploaded_images"];

/** Chapters with their upcoming events (none for inactive ones) as lists present them, and when those events stop being true. */
async function withUpcomingEvents(chapters: Chapter[], now: Date) {
  let expiresAt = Infinity;
  // Ten thousand chapters take a while: in slices, so other requests are answered meanwhile.
  const value = await mapInSlices(chapters.sort(byDisplayTitle), (c) => {
    const chapterEvents = c.status === CHAPTER_ACTIVE ? presentUpcomingEvents(c.chapterEvents, c.timeZone, now) : [];
    expiresAt = Math.min(expiresAt, eventsExpireAt(chapterEvents, c.timeZone, now));
    return { ...presentChapterSummary(c), chapterEvents };
  });
  return { value, expiresAt };
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
      ctx.body = presentChapter(chapter, viewer, await chapterExtras(chapter.id));
      return;
    }
    const answer = await reads.answer(`chapter:${slug}`, CHAPTER_DETAIL_TABLES, async (now) => {
      const chapter = await loadChapterDetail({ slug });
      const value = presentChapter(chapter, null, await chapterExtras(chapter.id), now);
      return { value, expiresAt: eventsExpireAt(value.chapterEvents, chapter.timeZone, now) };
    });
    sendCached(ctx, answer);
  });

  router.get("/chapter/id/:id", async (ctx) => {
    const chapter = await loadChapterDetail({ id: intParam(ctx.params.id) });
    ctx.body = presentChapter(chapter, ctx.state.viewer, await chapterExtras(chapter.id));
  });

  /**
   * Every chapter, active or not, as summaries (inactive ones are shown dimmed), sorted by display title. With
   * `page` or `limit` (the admin Chapters screen): one page ordered by state, city and title, optionally narrowed
   * by `q` (title, city, slug or state). Without them the whole list, as before.
   */
  router.get("/chapters", async (ctx) => {
    const page = readPage(ctx.query, ADMIN_CHAPTERS_PAGE_SIZE);
    const { q } = parse(adminSearchSchema, ctx.query);
    if (!page.requested && q === undefined) {
      const answer = await reads.answer("chapters", CHAPTER_LIST_TABLES, async () => {
        const chapters = await Chapter.query().withGraphFetched("chapterType");
        return { value: chapters.sort(byDisplayTitle).map(presentChapterSummary) };
      });
      sendCached(ctx, answer);
      return;
    }
    const query = Chapter.query().withGraphFetched("chapterType").orderBy("state").orderByRaw("lower(city), lower(title)").orderBy("id");
    if (q) {
      const like = containsPattern(q);
      query.where((w) => ["title", "city", "slug", "state"].reduce((acc, column) => acc.orWhereRaw(`lower(${column}) like ? escape '\\'`, [like]), w));
    }
    ctx.body = (await pageOf(query, page)).map(presentChapterSummary);
  });

  /** Active chapters with their upcoming events and next dates: what the maps pin. */
  router.get("/chapters/active", async (ctx) => {
    const answer = await reads.answer("chapters:active", CHAPTER_LIST_TABLES, async (now) =>
      withUpcomingEvents(await Chapter.query().where({ status: CHAPTER_ACTIVE }).withGraphFetched("[chapterType, chapterEvents(mayBeUpcoming)]"), now),
    );
    sendCached(ctx, answer);
  });

  /**
   * The home map's pins: every active chapter as one compact row (id, slug, title, state, type, place, next date).
   * Three plain queries, kept ready like the other public lists; the events read are only those that may be upcoming.
   */
  router.get("/chapters/pins", async (ctx) => {
    const answer = await reads.answer("chapters:pins", CHAPTER_LIST_TABLES, async (now) => {
      const active = Chapter.query().where({ status: CHAPTER_ACTIVE });
      const [chapters, events, types] = await Promise.all([
        active.clone().select("id", "slug", "title", "city", "state", "chapterTypeId", "timeZone"),
        ChapterEvent.query()
          .modify("mayBeUpcoming")
          .whereIn("chapterId", active.clone().select("id"))
          .select("id", "chapterId", "name", "lat", "lng", ...EVENT_DATE_COLUMNS),
        ChapterType.query().select("id", "name", "hexColor"),
      ]);
      const expiry = { at: Infinity };
      return { value: presentPinList(chapters, events, types, now, expiry), expiresAt: expiry.at };
    });
    sendCached(ctx, answer);
  });

  /** The caller's chapters with their roles on each (My Chapters). */
  router.get("/chapters/my", async (ctx) => {
    const viewer = requireViewer(ctx);
    const ids = [...viewer.chapterRoles.keys()];
    const chapters = ids.length ? await Chapter.query().whereIn("id", ids).withGraphFetched("chapterType") : [];
    ctx.body = chapters.sort(byDisplayTitle).map((c) => ({
      ...presentChapterSummary(c),
      roleIds: [...(viewer.chapterRoles.get(c.id) ?? [])].sort(),
    }));
  });

  router.get("/chapters/state/:state", async (ctx) => {
    const state = parse(stateParam, ctx.params.state);
    const answer = await reads.answer(`chapters:state:${state}`, CHAPTER_LIST_TABLES, async (now) => {
      const query = Chapter.query().withGraphFetched("[chapterType, chapterEvents(mayBeUpcoming)]");
      if (state === "int") query.where((q) => q.where({ state: "int" }).orWhere({ state: "" }));
      else query.where({ state });
      return withUpcomingEvents(await query, now);
    });
    sendCached(ctx, answer);
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
