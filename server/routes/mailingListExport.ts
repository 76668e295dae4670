import type Router from "@koa/router";
import type { Context } from "koa";
import { intParam } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireAdmin, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { memberExportStream } from "../mailingLists/export";
import { memberExportFileName } from "../presenters/memberExport";
import type { Services } from "../services";

/** Headers of a CSV download; the body streams after them, so every check has passed by then. */
function sendCsv(ctx: Context, fileName: string) {
  ctx.set("Cache-Control", "no-store");
  ctx.set("Content-Disposition", `attachment; filename="${fileName}"`);
  ctx.type = "text/csv; charset=utf-8";
}

/**
 * Member exports (issue 32, docs/decisions.md "Member export"): a chapter's list for its hosts, field organizers
 * and admins, and the whole network's for admins, streamed as CSV a page of members at a time.
 */
export function mailingListExportRoutes(router: Router, s: Services) {
  router.get("/mailing_list/chapter/:id/export.csv", async (ctx) => {
    const viewer = requireViewer(ctx);
    const id = intParam(ctx.params.id, "id");
    const chapter = await findChapter(id);
    authorize(viewer, chapterPolicy.host, chapter);
    sendCsv(ctx, memberExportFileName(chapter.slug, s.jobs.now().toISOString().slice(0, 10)));
    ctx.body = memberExportStream(s.knex, chapter.id);
  });

  router.get("/mailing_list/export.csv", async (ctx) => {
    requireAdmin(ctx);
    sendCsv(ctx, memberExportFileName("network", s.jobs.now().toISOString().slice(0, 10)));
    ctx.body = memberExportStream(s.knex, null);
  });
}
