import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { ChapterHostApplication, type ApplicationStatus } from "../models/ChapterHostApplication";
import { ChapterHostApplicationNote } from "../models/ChapterHostApplicationNote";
import { Chapter } from "../models/Chapter";
import { User } from "../models/User";
import { badRequest, conflict, notFound } from "../errors";
import { multiLine } from "../contracts/text";
import { intParam, parse } from "../lib/validate";
import { pageOf, readPage } from "../lib/paging";
import { HOST_APPLICATIONS_PAGE_SIZE, NOTES_PAGE_SIZE } from "../contracts/paging";
import { authorize } from "../policies/authorize";
import { applicationPolicy } from "../policies/site";
import { recordActivity } from "../commands/activity";
import { APPLICATION_STATUS_LABELS } from "../contracts/siteAdmin";
import { presentApplicationForAdmin, presentNote } from "../presenters/siteAdmin";
import type { Services } from "../services";

const updateSchema = z
  .object({
    status: z.enum(["open", "approved", "approved_without_creation", "denied"], { error: "status must be open, approved_without_creation or denied" }).optional(),
    isArchived: z.boolean().optional(),
    didHavePhoneCall: z.boolean().optional(),
    didSignAgreement: z.boolean().optional(),
    didGiveAdditionalInfo: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change");

const noteSchema = z.object({
  note: multiLine(z.string({ error: "Note is Required" }).trim().min(1, "Note is Required").max(10_000, "Note is too long"), "Note"),
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
 * Checks a status change (spec 001 section 4): from open an admin may approve without creating a
 * chapter or deny; approving with a chapter goes through POST /api/chapter/new; any other status may
 * be reopened.
 */
function checkTransition(from: ApplicationStatus, to: ApplicationStatus) {
  if (from === to) return;
  if (to === "approved") throw badRequest("Create a chapter from this application to approve it (Add Chapter from this application).", "status");
  if (to === "open") return;
  if (from !== "open") throw conflict(`This application is ${APPLICATION_STATUS_LABELS[from]}; reopen it first.`, "status");
}

const statusVerb: Record<ApplicationStatus, string> = {
  open: "reopened",
  approved: "approved",
  approved_without_creation: "approved without creating a chapter",
  denied: "denied",
};

/**
 * The admin side of host applications (the applicant's side, POST /api/chapter_host_application,
 * /my and GET /slug/{slug}, lives with the public site). All admin only.
 */
export function hostApplicationAdminRoutes(router: Router, _s: Services) {
  const admin = (ctx: Context) => {
    authorize(ctx.state.viewer, applicationPolicy.manage, null);
    return ctx.state.viewer!;
  };

  /** The applications newest first, a page at a time (`page`, `limit`, 100 by default), with the applicant's name and email. */
  router.get("/chapter_host_application", async (ctx) => {
    admin(ctx);
    const page = readPage(ctx.query, HOST_APPLICATIONS_PAGE_SIZE);
    const rows = await pageOf(ChapterHostApplication.query().withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc"), page);
    const chapterIds = [...new Set(rows.map((r) => r.chapterId).filter((id): id is number => id != null))];
    const chapters = new Map((chapterIds.length ? await Chapter.query().whereIn("id", chapterIds) : []).map((c) => [c.id, c]));
    ctx.body = rows.map((a) => presentApplicationForAdmin(a, a.chapterId ? chapters.get(a.chapterId) : null));
  });

  router.get("/chapter_host_application/user/:userId", async (ctx) => {
    admin(ctx);
    const userId = intParam(ctx.params.userId, "userId");
    const page = readPage(ctx.query, HOST_APPLICATIONS_PAGE_SIZE);
    if (!(await User.query().findById(userId))) throw notFound("User");
    const rows = await pageOf(ChapterHostApplication.query().where({ userId }).withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc"), page);
    ctx.body = await Promise.all(rows.map(presentWithChapter));
  });

  /** One application for the admin detail screen (with the chapter created from it). */
  router.get("/chapter_host_application/slug/:slug/admin", async (ctx) => {
    admin(ctx);
    ctx.body = await presentWithChapter(await loadApplication(ctx.params.slug));
  });

  /** Flags, archive and status changes; each is saved at once and answers the whole application. */
  router.put("/chapter_host_application/slug/:slug", async (ctx) => {
    const viewer = admin(ctx);
    const input = parse(updateSchema, ctx.request.body);
    const updated = await ChapterHostApplication.transaction(async (trx) => {
      const application = await ChapterHostApplication.query(trx).findOne({ slug: ctx.params.slug });
      if (!application) throw notFound("Chapter host application");
      if (input.status) checkTransition(application.status, input.status);
      const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<ChapterHostApplication>;
      const next = await ChapterHostApplication.query(trx).patchAndFetchById(application.id, patch).withGraphFetched("user");
      if (input.status && input.status !== application.status) {
        await recordActivity(
          { type: "host_application", title: `Host application ${statusVerb[input.status]}: ${next.user?.name ?? ""} (${application.city})`, adminOnly: true, userId: viewer.id, objectId: application.slug },
          trx,
        );
      }
      return next;
    });
    ctx.body = await presentWithChapter(updated);
  });

  /** Note Archive of an application, newest first. */
  router.get("/chapter_host_application/slug/:slug/notes", async (ctx) => {
    admin(ctx);
    const page = readPage(ctx.query, NOTES_PAGE_SIZE);
    const application = await loadApplication(ctx.params.slug);
    const notes = await pageOf(
      ChapterHostApplicationNote.query().where({ chapterHostApplicationId: application.id }).withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc"),
      page,
    );
    ctx.body = notes.map(presentNote);
  });

  router.post("/chapter_host_application/slug/:slug/notes", async (ctx) => {
    const viewer = admin(ctx);
    const { note } = parse(noteSchema, ctx.request.body);
    const application = await loadApplication(ctx.params.slug);
    const saved = await ChapterHostApplicationNote.transaction(async (trx) => {
      const row = await ChapterHostApplicationNote.query(trx).insert({ chapterHostApplicationId: application.id, userId: viewer.id, note });
      await recordActivity({ type: "application_note", title: `Note on the host application of ${application.user?.name ?? ""}`, note, adminOnly: true, userId: viewer.id, objectId: application.slug }, trx);
      return row;
    });
    ctx.status = 201;
    ctx.body = presentNote({ ...saved, user: await User.query().findById(viewer.id) });
  });
}
