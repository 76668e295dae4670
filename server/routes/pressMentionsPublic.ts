import type Router from "@koa/router";
import type { Context } from "koa";
import type { QueryBuilder } from "objection";
import { z } from "zod";
import { Chapter } from "../models/Chapter";
import { PressMention } from "../models/PressMention";
import { notFound } from "../errors";
import { readCacheOf, sendCached } from "../lib/readCache";
import { intParam, parse } from "../lib/validate";
import { showOrNotFound } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { pressMentionPolicy, publicPressMentions } from "../policies/pressMention";
import { STATES } from "../contracts/chapter";
import { presentPressMention, presentPublicPressMention } from "../presenters/content";
import { presentPublicDates } from "../presenters/publicDates";
import type { Services } from "../services";

const countParam = z
  .string()
  .regex(/^\d{1,3}$/, "count must be a whole number from 1 to 100")
  .transform(Number)
  .refine((n) => n >= 1 && n <= 100, "count must be a whole number from 1 to 100");

const stateParam = z
  .string()
  .transform((s) => s.toLowerCase())
  .refine((s) => s in STATES, "state must be a US state abbreviation, dc, pr or int");

/** The tables the public mention lists are made of (see lib/readCache). */
const PRESS_TABLES = ["press_mentions", "chapters"];

const newestFirst = (query: QueryBuilder<PressMention, PressMention[]>) =>
  query.withGraphFetched("chapter").orderBy("pressMentions.createdAt", "desc").orderBy("pressMentions.id", "desc");
/** Mentions the public may read (visible, site-wide or of an active chapter), newest first, with their chapter. */
const visible = () => newestFirst(publicPressMentions(PressMention.query()));

/**
 * Public press mention reads (spec 000 section 7 "Site content"). The chapter's full list and the writes
 * live with the chapter admin; the site admin list with the site admin.
 */
export function pressMentionPublicRoutes(router: Router, s: Services) {
  const reads = readCacheOf(s.knex);
  /** Sends the visitor's view of these mentions, kept ready under `key` (lib/readCache). */
  const sendMentions = async (ctx: Context, key: string, load: () => PromiseLike<PressMention[]>) =>
    sendCached(ctx, await reads.answer(key, PRESS_TABLES, async () => ({ value: (await load()).map(presentPublicPressMention) })));

  /** Every visible press mention (the /press_mentions page). */
  for (const path of ["/press_mention/public/all", "/press_mention/public"]) {
    router.get(path, (ctx) => sendMentions(ctx, "press:all", () => visible()));
  }

  router.get("/press_mention/public/state/:state", async (ctx) => {
    const state = parse(stateParam, ctx.params.state);
    await sendMentions(ctx, `press:state:${state}`, () => {
      const query = visible();
      if (state === "int") query.where((q) => q.where("chapter.state", "int").orWhere("chapter.state", ""));
      else query.where("chapter.state", state);
      return query.limit(20);
    });
  });

  /** Every visible mention's slug and last change, newest first (before /press_mention/public/:count, which it would match). */
  router.get("/press_mention/public/dates", async (ctx) => {
    const answer = await reads.answer("press:dates", PRESS_TABLES, async () => {
      const mentions = await publicPressMentions(PressMention.query())
        .clearSelect()
        .select("pressMentions.slug", "pressMentions.updatedAt")
        .orderBy("pressMentions.createdAt", "desc")
        .orderBy("pressMentions.id", "desc");
      return { value: presentPublicDates(mentions) };
    });
    sendCached(ctx, answer);
  });

  /** The newest {count} visible mentions (the home page shows 8). */
  router.get("/press_mention/public/:count", async (ctx) => {
    const count = parse(countParam, ctx.params.count);
    await sendMentions(ctx, `press:${count}`, () => visible().limit(count));
  });

  /** A chapter's visible mentions; nothing for a chapter the caller may not view (inactive, without host access). */
  router.get("/press_mention/chapter/:id/public", async (ctx) => {
    const id = intParam(ctx.params.id);
    const chapter = await Chapter.query().findById(id);
    if (!chapter) throw notFound("Chapter");
    if (!chapterPolicy.view(ctx.state.viewer, chapter)) {
      ctx.body = [];
      return;
    }
    const mentions = await newestFirst(PressMention.query().where({ chapterId: id, isVisible: true }));
    ctx.body = mentions.map((m) => presentPressMention(m, ctx.state.viewer));
  });

  /**
   * One mention: public when visible and not of a hidden chapter; otherwise only for host access to its chapter, or
   * admins, and not found for everyone else.
   */
  router.get("/press_mention/slug/:slug", async (ctx) => {
    const mention = await PressMention.query().findOne({ slug: ctx.params.slug }).withGraphFetched("chapter");
    showOrNotFound(ctx.state.viewer, pressMentionPolicy.read, mention, "Press mention");
    ctx.body = presentPressMention(mention, ctx.state.viewer);
  });
}
