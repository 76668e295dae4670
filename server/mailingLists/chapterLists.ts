import type { Knex } from "knex";
import { Chapter } from "../models/Chapter";
import { Job } from "../models/Job";
import { displayTitle } from "../contracts/chapter";
import type { ChapterListStatus, EmailServiceName } from "../contracts/mailingList";
import { listIdColumn } from "../integrations/listProviders";
import type { JobContext } from "../jobs/queue";
import type { Services } from "../services";
import { recordActivity } from "../commands/activity";
import { enqueueChapterResync } from "./contacts";
import { JOB_CREATE_LIST } from "./jobNames";
import { asJobError } from "./jobs";

/**
 * Every chapter has a mailing list from the moment it exists. The built-in provider's lists are ours alone, so
 * it names them at once ("chapter-{id}"); Brevo and Bronto lists are made through their APIs by a job
 * (list.createList) that retries while the provider is down, and the id is written when it answers.
 */
const BUILT_IN_LIST_PREFIX = "chapter-";
const builtInListId = (chapterId: number) => `${BUILT_IN_LIST_PREFIX}${chapterId}`;
const isBuiltInListId = (id: string) => id.startsWith(BUILT_IN_LIST_PREFIX);

/** The name a chapter's list gets at a provider: its title and slug (unique, as Bronto requires). */
export const providerListName = (chapter: Chapter) => `${displayTitle(chapter)} (${chapter.slug})`.slice(0, 100);

/** The list id the chapter still needs at a service: none yet, or the built-in one while a real provider carries it. */
function needsList(s: Services, chapter: Chapter, serviceName: EmailServiceName): boolean {
  const id = chapter[listIdColumn(serviceName)];
  if (!id) return true;
  return isBuiltInListId(id) && Boolean(s.listProviders.forService(serviceName).createList);
}

interface CreateListPayload {
  chapterId: number;
  serviceName: EmailServiceName;
}

/** Create-list jobs not finished for good (waiting, running or retrying), by "chapterId:serviceName". */
async function listJobsUnderWay(knex: Knex | Knex.Transaction, statuses: Job["status"][] = ["pending", "running"]): Promise<Set<string>> {
  const jobs = await Job.query(knex).where({ type: JOB_CREATE_LIST }).whereIn("status", statuses).select("payload");
  return new Set(jobs.map((j) => `${j.payload.chapterId}:${j.payload.serviceName}`));
}

/**
 * Gives chapters a list at a service, in the caller's transaction: the built-in provider's id at once, or a
 * create-list job for Brevo or Bronto (none when one is already under way). Chapters that have a list keep it,
 * so ids typed by an admin are never replaced.
 */
export async function provideChapterLists(s: Services, chapters: Chapter[], serviceName: EmailServiceName, trx: Knex.Transaction): Promise<void> {
  const waiting = chapters.filter((c) => needsList(s, c, serviceName));
  if (!waiting.length) return;
  const column = listIdColumn(serviceName);
  if (!s.listProviders.forService(serviceName).createList) {
    for (const chapter of waiting) {
      chapter[column] = builtInListId(chapter.id);
      await Chapter.query(trx)
        .findById(chapter.id)
        .patch({ [column]: chapter[column] });
    }
    return;
  }
  const underWay = await listJobsUnderWay(trx);
  for (const chapter of waiting) {
    if (!underWay.has(`${chapter.id}:${serviceName}`)) await s.jobs.enqueue(JOB_CREATE_LIST, { chapterId: chapter.id, serviceName }, { trx, maxAttempts: 30 });
  }
}

/** Lists for every chapter that lacks one at a service (after the email service is switched, or a key added). */
export async function provideMissingLists(s: Services, serviceName: EmailServiceName, trx: Knex.Transaction): Promise<void> {
  const column = listIdColumn(serviceName);
  const chapters = await Chapter.query(trx)
    .where((q) => q.where(column, "").orWhere(column, "like", `${BUILT_IN_LIST_PREFIX}%`))
    .orderBy("id");
  await provideChapterLists(s, chapters, serviceName, trx);
}

/**
 * list.createList: makes the chapter's list at Brevo or Bronto and writes its id, unless the chapter got an id
 * meanwhile (typed by an admin). Its contacts are then synced to the new list.
 */
export async function createChapterList(s: Services, payload: CreateListPayload, ctx: JobContext): Promise<void> {
  const chapter = await Chapter.query().findById(payload.chapterId);
  if (!chapter || !needsList(s, chapter, payload.serviceName)) return;
  const provider = s.listProviders.forService(payload.serviceName);
  const column = listIdColumn(payload.serviceName);
  let listId = builtInListId(chapter.id);
  if (provider.createList) {
    try {
      listId = await provider.createList(providerListName(chapter));
    } catch (err) {
      throw asJobError(err);
    }
  }
  await s.knex.transaction(async (trx) => {
    const written = await Chapter.query(trx)
      .findById(chapter.id)
      .where(column, chapter[column])
      .patch({ [column]: listId });
    if (written) {
      await enqueueChapterResync(s, chapter.id, trx);
      await recordActivity(
        {
          type: "mailing_list",
          title: `Mailing list ready: ${displayTitle(chapter)}`,
          note: `List ${listId} at ${provider.name === "bronto" ? "Bronto" : "Send In Blue"}.`,
          userId: null,
          chapterId: chapter.id,
        },
        trx,
      );
    }
    await ctx.markDone(trx);
  });
}

/** Whether the chapter's list at a service is there, being made, or missing (nothing under way). */
export async function chapterListStatus(s: Services, chapter: Chapter, serviceName: EmailServiceName): Promise<ChapterListStatus> {
  if (chapter[listIdColumn(serviceName)]) return "ready";
  const key = `${chapter.id}:${serviceName}`;
  if ((await listJobsUnderWay(s.knex)).has(key)) return "creating";
  return (await listJobsUnderWay(s.knex, ["failed"])).has(key) ? "failed" : "none";
}
