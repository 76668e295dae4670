import type Router from "@koa/router";
import { z } from "zod";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { ChapterHostApplicationNote } from "../models/ChapterHostApplicationNote";
import { Chapter } from "../models/Chapter";
import { User } from "../models/User";
import { notFound } from "../errors";
import { intParam, parse } from "../lib/validate";
import { requireAdmin } from "../policies/authorize";
import { addApplicationNote, updateHostApplication } from "../commands/hostApplicationsAdmin";
import { pageOf, readPage } from "../lib/paging";
import { HOST_APPLICATIONS_PAGE_SIZE, NOTES_PAGE_SIZE } from "../contracts/paging";
import { presentApplicationForAdmin, presentNote } from "../presenters/siteAdmin";
import type { Services } from "../services";
import { adminNoteBodySchema } from "../contracts/notes";
import { multiLine } from "../contracts/text";

export const applicationUpdateSchema = z
  .object({
    status: z
      .enum(["open", "approved", "approved_without_creation", "denied"], { error: "status must be open, approved_without_creation or denied" })
      .optional(),
    isArchived: z.boolean().optional(),
    didHavePhoneCall: z.boolean().optional(),
    didSignAgreement: z.boolean().optional(),
    didGiveAdditionalInfo: z.boolean().optional(),
    /** With Deny or Approve Without Creating Chapter: a note to the applicant, in the email and the Note Archive. */
    note: multiLine(z.string({ error: "Note must be text" }).trim().max(2000, "Note must be at most 2000 characters"), "Note").optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change")
  .refine((v) => !v.note || v.status === "denied" || v.status === "approved_without_creation", {
    message: "A note goes with Deny or Approve Without Creating Chapter",
    path: ["note"],
  });

async function loadApplication(slug: string): Promise<ChapterHostApplication> {
  const application = await ChapterHostApplication.query().findOne({ slug }).withGraphFetched("user");
  if (!application) throw notFound("Chapter host application");
  return application;
}

async function presentWithChapter(a: ChapterHostApplication) {
  const chapter = a.chapterId ? await Chapter.query().findById(a.chapterId) : null;
  return presentApplicationForAdmin(a, chapter);
}

/**
 * The admin side of host applications (the applicant's side, POST /api/chapter_host_application,
 * /my and GET /slug/{slug}, lives with the public site). All admin only.
 */
export function hostApplicationAdminRoutes(router: Router, s: Services) {
  /** The applications newest first, a page at a time (`page`, `limit`, 100 by default), with the applicant's name and email. */
  router.get("/chapter_host_application", async (ctx) => {
    requireAdmin(ctx);
    const page = readPage(ctx.query, HOST_APPLICATIONS_PAGE_SIZE);
    const rows = await pageOf(ChapterHostApplication.query().withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc"), page);
    const chapterIds = [...new Set(rows.map((r) => r.chapterId).filter((id): id is number => id != null))];
    const chapters = new Map((chapterIds.length ? await Chapter.query().whereIn("id", chapterIds) : []).map((c) => [c.id, c]));
    ctx.body = rows.map((a) => presentApplicationForAdmin(a, a.chapterId ? chapters.get(a.chapterId) : null));
  });

  router.get("/chapter_host_application/user/:userId", async (ctx) => {
    requireAdmin(ctx);
    const userId = intParam(ctx.params.userId, "userId");
    const page = readPage(ctx.query, HOST_APPLICATIONS_PAGE_SIZE);
    if (!(await User.query().findById(userId))) throw notFound("User");
    const rows = await pageOf(
      ChapterHostApplication.query().where({ userId }).withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc"),
      page,
    );
    ctx.body = await Promise.all(rows.map(presentWithChapter));
  });

  /** One application for the admin detail screen (with the chapter created from it). */
  router.get("/chapter_host_application/slug/:slug/admin", async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await presentWithChapter(await loadApplication(ctx.params.slug));
  });

  /**
   * Flags, archive and status changes; each is saved at once and answers the whole application. A decision emails
   * the applicant (through the job queue), with `note` when given.
   */
  router.put("/chapter_host_application/slug/:slug", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { note, ...changes } = parse(applicationUpdateSchema, ctx.request.body);
    const updated = await updateHostApplication(s, viewer, ctx.params.slug, changes, note);
    ctx.body = await presentWithChapter(updated);
  });

  /** Note Archive of an application, newest first. */
  router.get("/chapter_host_application/slug/:slug/notes", async (ctx) => {
    requireAdmin(ctx);
    const page = readPage(ctx.query, NOTES_PAGE_SIZE);
    const application = await loadApplication(ctx.params.slug);
    const notes = await pageOf(
      ChapterHostApplicationNote.query()
        .where({ chapterHostApplicationId: application.id })
        .withGraphFetched("user")
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc"),
      page,
    );
    ctx.body = notes.map(presentNote);
  });

  router.post("/chapter_host_application/slug/:slug/notes", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { note } = parse(adminNoteBodySchema, ctx.request.body);
    const application = await loadApplication(ctx.params.slug);
    const saved = await addApplicationNote(viewer, application, note);
    ctx.status = 201;
    ctx.body = presentNote({ ...saved, user: await User.query().findById(viewer.id) });
  });
}
