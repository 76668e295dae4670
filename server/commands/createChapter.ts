import type { Transaction } from "objection";
import { Chapter, CHAPTER_HIDDEN } from "../models/Chapter";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { ChapterType } from "../models/ChapterType";
import { Permission } from "../models/Permission";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { notFound } from "../errors";
import { displayTitle } from "../contracts/chapter";
import { APPLICATION_TYPE_CHAPTER_TYPE_IDS, type NewChapterInput } from "../contracts/siteAdmin";
import { isPostgres } from "../db";
import { normalizeSpaces } from "../lib/validate";
import { timeZoneForState } from "../lib/timeZones";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";
import { checkApprovalWithChapter } from "./hostApplicationStatus";
import { enqueueApplicationMail } from "./hostApplicationMail";
import type { Services } from "../services";
import { provideChapterLists } from "../mailingLists/chapterLists";
import { slugify } from "../contracts/text";

/** A new chapter's fields; the application it may come from is a separate argument. */
export type CreateChapterInput = Omit<NewChapterInput, "chapterHostApplicationSlug">;

const baseSlug = (text: string): string => slugify(text, 80) || "chapter";

/** The title as a slug ("Bozeman Drinking" -> bozeman_drinking), numbered when taken (bozeman_drinking_2). */
async function freeChapterSlug(title: string, trx: Transaction): Promise<string> {
  const base = baseSlug(title);
  // base has only [a-z0-9_]; "_" is a LIKE wildcard, so filter exactly in code.
  const rows = await Chapter.query(trx).where("slug", "like", `${base}%`).select("slug");
  const taken = new Set(rows.map((c) => c.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** Inserts the chapter and gives it a mailing list at the selected service (at once, or through a job). */
async function insertChapter(s: Services, input: CreateChapterInput, trx: Transaction): Promise<Chapter> {
  const chapterTypeId = input.chapterTypeId ?? 1;
  if (!(await ChapterType.query(trx).findById(chapterTypeId))) throw notFound("Chapter type");
  const slug = await freeChapterSlug(input.title, trx);
  const chapter = await Chapter.query(trx).insertAndFetch({
    slug,
    title: input.title,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
    country: input.country,
    chapterTypeId,
    // A new chapter stays hidden until it is enabled in its settings (spec 001 section 2).
    status: CHAPTER_HIDDEN,
    emailAlias: slug.replace(/_/g, "").slice(0, 64),
    brontoListName: input.title,
    brontoListId: "",
    sendInBlueListId: "",
    about: normalizeSpaces(input.about ?? ""),
    timeZone: timeZoneForState(input.state, input.country),
  });
  await provideChapterLists(s, [chapter], await s.listProviders.serviceName(trx), trx);
  return chapter;
}

/** Adds a chapter (hidden) and records it in the activity feed. */
export async function createChapter(s: Services, input: CreateChapterInput, actor: Viewer): Promise<Chapter> {
  return Chapter.transaction(async (trx) => {
    const chapter = await insertChapter(s, input, trx);
    await recordActivity(
      { type: "chapter_created", title: `Chapter added: ${displayTitle(chapter)}`, userId: actor.id, chapterId: chapter.id, objectId: chapter.slug },
      trx,
    );
    return chapter;
  });
}

/**
 * Creates a chapter from an open host application, in one transaction (spec 001 section 4): the
 * chapter (hidden), the application approved and pointing at it, and the applicant made its chapter
 * host (role 3), and the applicant's welcome email queued. Anything failing leaves nothing behind.
 */
export async function createChapterFromApplication(
  s: Services,
  input: CreateChapterInput,
  applicationSlug: string,
  actor: Viewer,
): Promise<{ chapter: Chapter; application: ChapterHostApplication }> {
  return Chapter.transaction(async (trx) => {
    const query = ChapterHostApplication.query(trx).findOne({ slug: applicationSlug });
    if (isPostgres(trx)) query.forUpdate();
    const application = await query;
    if (!application) throw notFound("Chapter host application");
    checkApprovalWithChapter(application.status);

    const chapterTypeId = input.chapterTypeId ?? APPLICATION_TYPE_CHAPTER_TYPE_IDS[application.type] ?? 1;
    const chapter = await insertChapter(s, { ...input, chapterTypeId }, trx);
    const approved = await ChapterHostApplication.query(trx)
      .patchAndFetchById(application.id, { status: "approved", chapterId: chapter.id })
      .withGraphFetched("user");
    await Permission.query(trx).insert({ userId: application.userId, roleId: ROLE_CHAPTER_HOST, chapterId: chapter.id });

    await recordActivity(
      {
        type: "chapter_created",
        title: `Chapter added: ${displayTitle(chapter)}`,
        note: `Created from the host application of ${approved.user?.name ?? "an applicant"}.`,
        userId: actor.id,
        chapterId: chapter.id,
        objectId: chapter.slug,
      },
      trx,
    );
    await recordActivity(
      {
        type: "host_application",
        title: `Host application approved: ${approved.user?.name ?? ""} (${application.city})`,
        note: `Now chapter host of ${displayTitle(chapter)}.`,
        adminOnly: true,
        userId: actor.id,
        chapterId: chapter.id,
        objectId: application.slug,
      },
      trx,
    );
    await enqueueApplicationMail(s, trx, { applicationId: application.id, status: "approved", actorId: actor.id, note: "" });
    return { chapter, application: approved };
  });
}
