import type Router from "@koa/router";
import {
  HEALTH_LIST_PAGE_SIZE,
  HEALTH_TABLE_PAGE_SIZE,
  healthQuerySchema,
  healthSettingsSchema,
  pinSchema,
  reactivateSchema,
} from "../contracts/chapterHealth";
import { loadChapterHealth, loadHealthSettings, networkHealth } from "../health/load";
import { pageHealthTable } from "../health/page";
import { readPage, setPageHeaders } from "../lib/paging";
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
  /** Who may see the table, and which chapters: every one for admins (null), a field organizer's own. */
  const scopeOf = (ctx: { state: { viewer: Viewer | null } }) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.chapterHealth, null);
    return healthScope(viewer);
  };
  /** Admins read the network's kept table (health/load.ts), field organizers theirs computed at the call. */
  const tableOf = async (scope: number[] | null) => {
    const now = s.jobs.now();
    const table = scope ? await loadChapterHealth(s.knex, now, scope) : await networkHealth(s.knex, now);
    return { ...table, at: now.toISOString() };
  };
  const view = (ctx: { state: { viewer: Viewer | null } }) => tableOf(scopeOf(ctx));

  /**
   * The rows as an array, a page at a time like the chapter lists (500 by default and at most, X-Total-Count, a
   * Link to the next page): a network the size of the spec's is one page, every chapter in view. Takes the
   * screen's filters and order too.
   */
  router.get("/chapter_health", async (ctx) => {
    const scope = scopeOf(ctx);
    const options = parse(healthQuerySchema, ctx.query);
    const page = readPage(ctx.query, HEALTH_LIST_PAGE_SIZE, HEALTH_LIST_PAGE_SIZE);
    const { rows, matching } = pageHealthTable(await tableOf(scope), options, page);
    setPageHeaders(ctx, "/api/chapter_health", page, matching);
    ctx.set("Cache-Control", "no-store");
    ctx.body = rows;
  });

  /**
   * The table as the screens show it: one page of one state (or all) matching a search, sorted by a column, with
   * the thresholds, the counts per state and the time it was computed at.
   */
  router.get("/chapter_health/summary", async (ctx) => {
    const scope = scopeOf(ctx);
    const options = parse(healthQuerySchema, ctx.query);
    const page = readPage(ctx.query, HEALTH_TABLE_PAGE_SIZE);
    const table = await tableOf(scope);
    ctx.set("Cache-Control", "no-store");
    ctx.body = pageHealthTable(table, options, page);
  });

  router.get("/chapter_health/export.csv", async (ctx) => {
    const list = await view(ctx);
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
