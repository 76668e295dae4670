import type Router from "@koa/router";
import { z } from "zod";
import { notFound } from "../errors";
import { multiLine, singleLine } from "../contracts/text";
import { PressMention } from "../models/PressMention";
import { MAX_ID, httpUrlSchema, intParam, parse, slugSchema } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { pressMentionPolicy } from "../policies/pressMention";
import { deletePressMention, savePressMention } from "../commands/pressMentions";
import { presentPressMention } from "../presenters/chapterAdmin";
import type { Services } from "../services";

const pressMentionSchema = z.object({
  slug: z
    .string({ error: "Slug must be text" })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(slugSchema.optional()),
  title: singleLine(z.string({ error: "Title is Required" }).trim().min(1, "Title is Required").max(300, "Title must be at most 300 characters"), "Title"),
  url: z
    .string({ error: "URL is Required" })
    .trim()
    .min(1, "URL is Required")
    .pipe(httpUrlSchema),
  notes: multiLine(z.string({ error: "Notes must be text" }).max(5000, "Notes must be at most 5000 characters"), "Notes").nullish().transform((s) => s ?? ""),
  isVisible: z.boolean({ error: "isVisible must be true or false" }).optional(),
  /** -1 or null: a site-wide mention with no chapter (spec 001 section 9). */
  chapterId: z
    .number({ error: "chapterId must be a chapter id, or -1 for none" })
    .int("chapterId must be a chapter id, or -1 for none")
    .max(MAX_ID, "chapterId must be a chapter id, or -1 for none")
    .nullish()
    .transform((n) => (n == null || n === -1 ? null : n))
    .refine((n) => n === null || n > 0, "chapterId must be a chapter id, or -1 for none"),
});

/**
 * Press mention writes and the chapter admin list (spec 001 section 7). POST creates, or updates the one
 * with the given slug. A chapter's mentions need host access on that chapter, site-wide ones an admin.
 * Public reads (/public...) are in the public site's module.
 */
export function pressMentionAdminRoutes(router: Router, s: Services) {
  router.get("/press_mention/chapter/:id/all", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.id));
    authorize(viewer, chapterPolicy.host, chapter);
    const mentions = await PressMention.query()
      .where({ chapterId: chapter.id })
      .orderBy([{ column: "createdAt", order: "desc" }, { column: "id", order: "desc" }]);
    ctx.body = mentions.map(presentPressMention);
  });

  router.post("/press_mention", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(pressMentionSchema, ctx.request.body);
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

  void s;
}
