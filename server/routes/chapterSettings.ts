import type Router from "@koa/router";
import { z } from "zod";
import { badRequest, forbidden } from "../errors";
import { EmailSettings } from "../models/EmailSettings";
import { ChapterType } from "../models/ChapterType";
import { intParam, normalizeSpaces, parse } from "../lib/validate";
import { findChapter, loadChapterDetail } from "../lib/load";
import { chapterHeaderImageName, deleteImage, saveUploadedImage } from "../lib/images";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy, refuseChapterChanges } from "../policies/chapter";
import { displayTitle } from "../contracts/chapter";
import { LIST_ID_FIELDS, chapterSettingsSchema, listIdRequired } from "../contracts/chapterSettings";
import { TIME_ZONES } from "../contracts/timeZones";
import { multiLine } from "../contracts/text";
import type { ChapterSettingsOptions } from "../contracts/chapterAdmin";
import { changedFields, updateChapter, type ChapterChanges } from "../commands/chapterSettings";
import { recordActivity } from "../commands/activity";
import { presentChapter } from "../presenters/chapter";
import type { Services } from "../services";

/** Longest about text we store (markdown source). */
const MAX_ABOUT_LENGTH = 100_000;

/**
 * The zones the settings screen offers and the server accepts: TIME_ZONES (server/contracts/timeZones.ts),
 * the zones whose calendar-feed VTIMEZONE data matches the schedule engine (server/schedule/timeZones.test.ts).
 */
function timeZones(): string[] {
  return TIME_ZONES.map((z) => z.zone);
}

/**
 * POST /api/chapter: the settings of server/contracts/chapterSettings.ts, plus the about text (the about screen's).
 */
export const chapterUpdateSchema = chapterSettingsSchema().extend({
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
    const listField = LIST_ID_FIELDS[serviceName].field;
    if (input[listField] === "") throw badRequest(listIdRequired(serviceName), listField);
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
}
