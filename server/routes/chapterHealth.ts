import type Router from "@koa/router";
import { healthSettingsSchema, pinSchema, reactivateSchema } from "../contracts/chapterHealth";
import { loadChapterHealth, loadHealthSettings, networkHealthJson } from "../health/load";
import { pinChapterActive, reactivateChapter, saveHealthSettings } from "../commands/chapterHealth";
import { parse } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireAdmin } from "../policies/authorize";
import { healthScope, sitePolicy } from "../policies/site";
import { presentHealthCsv } from "../presenters/chapterHealth";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";

/**
 * Chapter health (issue 16, docs/decisions.md "Chapter health"): the table computed at the time of the call
 * (admins every chapter, field organizers theirs), its CSV export, the thresholds, pins and re-enabling.
 */
export function chapterHealthRoutes(router: Router, s: Services) {
  const table = async (ctx: { state: { viewer: Viewer | null } }) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.chapterHealth, null);
    return loadChapterHealth(s.knex, s.jobs.now(), healthScope(viewer));
  };

  /** Admins get the network's table as kept JSON text (health/load.ts), field organizers theirs computed. */
  const answer = async (ctx: { state: { viewer: Viewer | null } }) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.chapterHealth, null);
    const now = s.jobs.now();
    const scope = healthScope(viewer);
    if (scope) {
      const { expiresAt: _, ...list } = await loadChapterHealth(s.knex, now, scope);
      return { rows: JSON.stringify(list.rows), head: JSON.stringify({ settings: list.settings, counts: list.counts }).slice(0, -1), at: now };
    }
    return { ...(await networkHealthJson(s.knex, now)), at: now };
  };

  router.get("/chapter_health", async (ctx) => {
    const { rows } = await answer(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.type = "application/json; charset=utf-8";
    ctx.body = rows;
  });

  /** The same with the thresholds, the count per state and the time it was computed at, as the screens show it. */
  router.get("/chapter_health/summary", async (ctx) => {
    const { rows, head, at } = await answer(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.type = "application/json; charset=utf-8";
    ctx.body = `${head},"at":${JSON.stringify(at.toISOString())},"rows":${rows}}`;
  });

  router.get("/chapter_health/export.csv", async (ctx) => {
    const list = await table(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.set("Content-Disposition", `attachment; filename="chapter-health-${list.at.slice(0, 10)}.csv"`);
    ctx.type = "text/csv; charset=utf-8";
    ctx.body = presentHealthCsv(list);
  });

  router.get("/chapter_health/settings", async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await loadHealthSettings(s.knex);
  });

  router.post("/chapter_health/settings", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parse(healthSettingsSchema, ctx.request.body);
    ctx.body = await saveHealthSettings(s, input, viewer);
  });

  router.post("/chapter_health/pin", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parse(pinSchema, ctx.request.body);
    const chapter = await findChapter(input.chapterId);
    await pinChapterActive(s, chapter, input, viewer);
    ctx.body = { ok: true };
  });

  router.post("/chapter_health/reactivate", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parse(reactivateSchema, ctx.request.body);
    const chapter = await findChapter(input.chapterId);
    ctx.body = { reactivated: await reactivateChapter(s, chapter, input.note, viewer) };
  });
}
