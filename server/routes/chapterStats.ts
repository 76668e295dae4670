import type Router from "@koa/router";
import type { Context } from "koa";
import { networkStatsQuerySchema } from "../contracts/chapterStats";
import { findChapter } from "../lib/load";
import { parse, intParam } from "../lib/validate";
import { readCacheOf, sendCached } from "../lib/readCache";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { healthScope, sitePolicy } from "../policies/site";
import { chapterStatsAnswer, networkStatsAnswer } from "../stats/kept";
import type { Services } from "../services";

/** Kept answers for their callers only: a browser may keep one (asking again before use), nothing in between. */
function sendPrivately(ctx: Context, answer: Awaited<ReturnType<typeof chapterStatsAnswer>>) {
  sendCached(ctx, answer, { privately: true });
}

/**
 * Chapter stats (issue 32 item 1, docs/decisions.md "Chapter stats"): twelve months of a chapter (host access) or
 * of the network (admins; field organizers the sum of their chapters), kept like the public reads (stats/kept.ts).
 */
export function chapterStatsRoutes(router: Router, s: Services) {
  const cache = () => readCacheOf(s.knex);

  router.get("/chapter_stats/chapter/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const id = intParam(ctx.params.id);
    const chapter = await findChapter(id);
    authorize(viewer, chapterPolicy.host, chapter);
    sendPrivately(ctx, await chapterStatsAnswer(s.knex, cache(), chapter));
  });

  router.get("/chapter_stats/network", async (ctx) => {
    const viewer = requireViewer(ctx);
    const { state } = parse(networkStatsQuerySchema, ctx.query);
    authorize(viewer, sitePolicy.networkStats, null);
    sendPrivately(ctx, await networkStatsAnswer(s.knex, cache(), healthScope(viewer), state));
  });
}
