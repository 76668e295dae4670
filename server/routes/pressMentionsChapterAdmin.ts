import type Router from "@koa/router";
import { notFound } from "../errors";
import { pressMentionBodySchema } from "../contracts/pressMention";
import { PressMention } from "../models/PressMention";
import { intParam, parse } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { pressMentionPolicy } from "../policies/pressMention";
import { deletePressMention, savePressMention } from "../commands/pressMentions";
import { presentPressMention } from "../presenters/chapterAdmin";

/**
 * Press mention writes and the chapter admin list (spec 001 section 7). POST creates, or updates the one
 * with the given slug. A chapter's mentions need host access on that chapter, site-wide ones an admin.
 * Public reads (/public...) are in pressMentionsPublic.ts, the site admin's list in pressMentionsSiteAdmin.ts.
 */
export function pressMentionChapterAdminRoutes(router: Router) {
  router.get("/press_mention/chapter/:id/all", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.id));
    authorize(viewer, chapterPolicy.host, chapter);
    const mentions = await PressMention.query()
      .where({ chapterId: chapter.id })
      .orderBy([
        { column: "createdAt", order: "desc" },
        { column: "id", order: "desc" },
      ]);
    ctx.body = mentions.map(presentPressMention);
  });

  router.post("/press_mention", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(pressMentionBodySchema, ctx.request.body);
    const existing = input.slug ? await PressMention.query().findOne({ slug: input.slug }) : undefined;
    if (input.chapterId != null) await findChapter(input.chapterId);
    if (existing) authorize(viewer, pressMentionPolicy.manage, existing);
    authorize(viewer, pressMentionPolicy.manage, { chapterId: input.chapterId });

    const saved = await savePressMention(viewer, existing, input);
    ctx.status = existing ? 200 : 201;
    ctx.body = presentPressMention(saved);
  });

  router.delete("/press_mention/slug/:slug", async (ctx) => {
    const viewer = requireViewer(ctx);
    const mention = await PressMention.query().findOne({ slug: ctx.params.slug ?? "" });
    if (!mention) throw notFound("Press mention");
    authorize(viewer, pressMentionPolicy.manage, mention);
    await deletePressMention(viewer, mention);
    ctx.body = { result: "success" };
  });
}
