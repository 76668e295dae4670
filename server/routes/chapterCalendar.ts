import Router from "@koa/router";
import type { Context } from "koa";
import { sessionMiddleware, type SessionOptions } from "../auth/session";
import { z } from "zod";
import { forbidden, notFound, unauthorized } from "../errors";
import { parse } from "../lib/validate";
import { chapterPolicy } from "../policies/chapter";
import { STATES } from "../contracts/chapter";
import { feedChapter, renderFeed, type FeedScope, type RenderedFeed } from "../calendar/feedCache";
import { sendCached } from "../lib/readCache";
import type { Services } from "../services";

const stateParam = z
  .string()
  .transform((s) => s.toLowerCase())
  .refine((s) => s in STATES, "state must be a US state abbreviation, dc, pr or int");

/** Reads the caller's session only when needed (an inactive chapter's feed): feeds are mostly anonymous. */
async function viewerOf(ctx: Context, sessionOptions: SessionOptions) {
  await sessionMiddleware(sessionOptions)(ctx, async () => {});
  return ctx.state.viewer;
}

/** Answers a feed with its ETag; 304 when the caller already has these bytes. `privately`: an inactive chapter's, for its host. */
function send(ctx: Context, feed: RenderedFeed, privately = false) {
  // Calendar apps may keep the feed but must ask again (with If-None-Match) before using it.
  sendCached(ctx, feed.answer, { privately });
  if (ctx.status === 304) return;
  const download = /(?:^|&)download(?:[=&]|$)/.test(ctx.querystring);
  ctx.set("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${feed.fileName}"`);
}

/**
 * Calendar feeds (spec 001 section 7): one per chapter, one per state, one for the network. Only active
 * chapters are listed; an inactive chapter's own feed needs host access, like its page. The paths
 * /chapter_calendar/all/... and /chapter_calendar/state/... are matched before a chapter slug.
 *
 * Calendar apps poll these, so they have a router of their own, mounted by app.ts ahead of the /api router:
 * no body parsing, no matching against every API route, and the session read only for an inactive chapter.
 */
export function chapterCalendarRouter(s: Services, sessionOptions: SessionOptions): Router {
  const router = new Router({ prefix: "/api" });
  router.get("/chapter_calendar/all/events.ics", async (ctx) => {
    const scope: FeedScope = { kind: "all" };
    send(ctx, await renderFeed(s.knex, scope, s.config.publicUrl));
  });

  router.get("/chapter_calendar/state/:state/events.ics", async (ctx) => {
    const scope: FeedScope = { kind: "state", state: parse(stateParam, ctx.params.state) };
    send(ctx, await renderFeed(s.knex, scope, s.config.publicUrl));
  });

  router.get("/chapter_calendar/:slug/events.ics", async (ctx) => {
    const slug = ctx.params.slug;
    const found = await feedChapter(s.knex, slug);
    if (!found) throw notFound("Chapter");
    const hidden = !chapterPolicy.view(null, found);
    if (hidden) {
      const viewer = await viewerOf(ctx, sessionOptions);
      if (!chapterPolicy.view(viewer, found)) throw viewer ? forbidden() : unauthorized();
    }
    send(ctx, await renderFeed(s.knex, { kind: "chapter", slug }, s.config.publicUrl, found.id), hidden);
  });
  return router;
}
