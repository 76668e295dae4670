import type Router from "@koa/router";
import { z } from "zod";
import { badRequest, forbidden } from "../errors";
import { EmailSettings } from "../models/EmailSettings";
import { ChapterType } from "../models/ChapterType";
import { idSchema, intParam, normalizeSpaces, parse } from "../lib/validate";
import { findChapter, loadChapterDetail } from "../lib/load";
import { chapterHeaderImageName, deleteImage, saveUploadedImage } from "../lib/images";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy, refuseChapterChanges } from "../policies/chapter";
import { STATES, displayTitle } from "../contracts/chapter";
import { TIME_ZONES, isAllowedTimeZone } from "../contracts/timeZones";
import { multiLine, singleLine } from "../contracts/text";
import type { ChapterSettingsOptions } from "../contracts/chapterAdmin";
import { changedFields, updateChapter, type ChapterChanges } from "../commands/chapterSettings";
import { recordActivity } from "../commands/activity";
import { presentChapter } from "../presenters/chapter";
import type { Services } from "../services";

/** Longest about text we store (markdown source). */
export const MAX_ABOUT_LENGTH = 100_000;

const required = (message: string, max: number, label: string) =>
  singleLine(z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`), label);

/**
 * The zones the settings screen offers and the server accepts: TIME_ZONES (server/contracts/timeZones.ts),
 * the zones whose calendar-feed VTIMEZONE data matches the schedule engine (server/schedule/timeZones.test.ts).
 */
export function timeZones(): string[] {
  return TIME_ZONES.map((z) => z.zone);
}
export function isTimeZone(value: string): boolean {
  return isAllowedTimeZone(value);
}

/**
 * POST /api/chapter: any subset of the chapter's fields, plus its id. Unknown keys (a whole chapter
 * object as the UI holds it) are ignored; a field present but empty fails with the spec's message.
 */
const chapterUpdateSchema = z.object({
  id: idSchema("id", "id is required"),
  title: required("Title is Required", 200, "Title").optional(),
  slug: z
    .string({ error: "Slug is Required" })
    .trim()
    .min(1, "Slug is Required")
    .max(120, "Slug must be at most 120 characters")
    .regex(/^[a-z0-9_-]+$/, "Slug must be lowercase letters, numbers and underscores, without spaces")
    .optional(),
  city: required("City is Required", 120, "City").optional(),
  state: z
    .string({ error: "State is Required" })
    .trim()
    .transform((s) => s.toLowerCase())
    .refine((s) => s in STATES, "State must be a US state abbreviation, dc, pr or int")
    .optional(),
  postalCode: required("Postal Code is Required", 20, "Postal Code").optional(),
  country: required("Country is Required", 80, "Country").optional(),
  chapterTypeId: idSchema("chapterTypeId", "Chapter Type is Required").optional(),
  status: z
    .number({ error: "Chapter Status must be 1 (Active) or 0 (Hidden)" })
    .refine((n) => n === 0 || n === 1, "Chapter Status must be 1 (Active) or 0 (Hidden)")
    .optional(),
  emailAlias: required("Email Alias is Required", 64, "Email Alias")
    .transform((s) => s.toLowerCase())
    .refine((s) => /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/.test(s), "Email Alias may only contain letters, numbers, dots, hyphens and underscores")
    .optional(),
  brontoListName: required("List Name is Required", 200, "List Name").optional(),
  sendInBlueListId: singleLine(z.string().trim().max(100, "SendInBlue Id must be at most 100 characters"), "SendInBlue Id").optional(),
  brontoListId: singleLine(z.string().trim().max(100, "Bronto Id must be at most 100 characters"), "Bronto Id").optional(),
  timeZone: z.string({ error: "Time Zone is Required" }).trim().refine(isTimeZone, "Time Zone must be one of the listed time zones").optional(),
  about: multiLine(
    z.string({ error: "About this Chapter must be text" }).max(MAX_ABOUT_LENGTH, `About this Chapter must be at most ${MAX_ABOUT_LENGTH} characters`),
    "About this Chapter",
  )
    .transform(normalizeSpaces)
    .optional(),
});

/**
 * Chapter writes of the chapter admin area: settings and the about text (POST /api/chapter) and the
 * header image (POST and DELETE /api/chapter/header_image/{id}).
 *
 * Who may change what (docs/permissions.md): the about text needs host access; every other field needs
 * field organizer access (403 with the spec's sentence otherwise); changing the slug needs an admin.
 * Fields sent unchanged need no right, so a client may post the whole chapter back.
 */
export function chapterSettingsRoutes(router: Router, s: Services) {
  /** What the Chapter Settings form offers: chapter types with their mail domains, the list provider, time zones. */
  router.get("/chapter/settings_options", async (ctx) => {
    requireViewer(ctx);
    const [types, settings] = await Promise.all([ChapterType.query().orderBy("id"), EmailSettings.query().findById(1)]);
    const answer: ChapterSettingsOptions = {
      chapterTypes: types.map((t) => ({ id: t.id, name: t.name, hexColor: t.hexColor, emailDomain: t.emailDomain })),
      emailServiceName: settings?.serviceName ?? "sendInBlue",
      timeZones: timeZones(),
    };
    ctx.body = answer;
  });

  router.post("/chapter", async (ctx) => {
    const viewer = requireViewer(ctx);
    const { id, ...input } = parse(chapterUpdateSchema, ctx.request.body);
    const chapter = await findChapter(id);
    authorize(viewer, chapterPolicy.host, chapter);

    const changes = changedFields(chapter, input as ChapterChanges);
    const refusal = refuseChapterChanges(viewer, chapter, Object.keys(changes));
    if (refusal) throw forbidden(refusal);

    const { serviceName } = (await EmailSettings.query().findById(1)) ?? { serviceName: "sendInBlue" };
    if (serviceName === "sendInBlue" && input.sendInBlueListId === "") throw badRequest("SendInBlue Id is Required", "sendInBlueListId");
    if (serviceName === "bronto" && input.brontoListId === "") throw badRequest("Bronto Id is Required", "brontoListId");
    if (changes.chapterTypeId !== undefined && !(await ChapterType.query().findById(changes.chapterTypeId))) {
      throw badRequest("Chapter Type is not one of the chapter types", "chapterTypeId");
    }

    await updateChapter(s, chapter, changes, viewer);
    ctx.body = presentChapter(await loadChapterDetail({ id }), viewer);
  });

  router.post("/chapter/header_image/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.id));
    authorize(viewer, chapterPolicy.host, chapter);
    await saveUploadedImage(ctx, chapterHeaderImageName(chapter.id));
    await recordActivity({ type: "chapter_content", title: `Header image of ${displayTitle(chapter)} uploaded`, userId: viewer.id, chapterId: chapter.id });
    ctx.body = { result: "success" };
  });

  router.delete("/chapter/header_image/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.id));
    authorize(viewer, chapterPolicy.host, chapter);
    if (await deleteImage(chapterHeaderImageName(chapter.id))) {
      await recordActivity({ type: "chapter_content", title: `Header image of ${displayTitle(chapter)} removed`, userId: viewer.id, chapterId: chapter.id });
    }
    ctx.body = { result: "success" };
  });

  void s;
}
