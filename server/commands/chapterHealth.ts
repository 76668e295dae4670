import type { Knex } from "knex";
import type { Transaction } from "objection";
import type { ChapterHealthSettings } from "../contracts/chapterHealth";
import { displayTitle } from "../contracts/chapter";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { enqueueChapterLiveMail } from "./chapterLiveMail";

/** Upserts a chapter's health row (pin, rule state, count start). */
export async function saveChapterHealthRow(trx: Knex | Knex.Transaction, chapterId: number, patch: Record<string, unknown>, at: string): Promise<void> {
  await trx("chapterHealth")
    .insert({ chapterId, ...patch, createdAt: at, updatedAt: at })
    .onConflict("chapterId")
    .merge({ ...patch, updatedAt: at });
}

/** Saves the thresholds (General Settings) with an activity item. */
export async function saveHealthSettings(s: Services, settings: ChapterHealthSettings, viewer: Viewer): Promise<ChapterHealthSettings> {
  const at = new Date().toISOString();
  await s.knex.transaction(async (trx) => {
    await trx("chapterHealthSettings")
      .insert({ id: 1, ...settings, createdAt: at, updatedAt: at })
      .onConflict("id")
      .merge({ ...settings, updatedAt: at });
    await recordActivity(
      {
        type: "chapter_health",
        title: `Chapter health thresholds set: at risk after ${settings.atRiskAfterDays} days, dormant after ${settings.dormantAfterDays} days`,
        userId: viewer.id,
        adminOnly: true,
      },
      trx as unknown as Transaction,
    );
  });
  return settings;
}

/**
 * Puts a chapter the rule took off the map back on it (status 1), restarting the count, with the reason in its
 * activity feed. Does nothing to a chapter an admin hid by hand (only `dormant_since` chapters come back).
 */
async function bringBack(trx: Knex.Transaction, chapter: Chapter, at: string, reason: string, userId: number | null): Promise<boolean> {
  const row = await trx("chapterHealth").where({ chapterId: chapter.id }).first();
  if (!row?.dormantSince) return false;
  await saveChapterHealthRow(trx, chapter.id, { dormantSince: null, countedFrom: at }, at);
  await Chapter.query(trx).findById(chapter.id).patch({ status: CHAPTER_ACTIVE });
  await recordActivity(
    { type: "chapter_health", title: `${displayTitle(chapter)} is active again and back on the map`, note: reason, userId, chapterId: chapter.id },
    trx as unknown as Transaction,
  );
  return true;
}

/** A host emailed the list: a chapter the rule made dormant comes back at once (called in the send's transaction). */
export async function reviveOnListEmail(s: Services, chapter: Chapter, viewer: Viewer, trx: Knex.Transaction): Promise<boolean> {
  return bringBack(trx, chapter, s.jobs.now().toISOString(), `${viewer.name} emailed the chapter's list.`, viewer.id);
}

/**
 * An admin re-enables a dormant chapter (the health table's Re-enable, or status Active in Chapter Settings); its
 * hosts hear they are live again.
 */
export async function reactivateChapter(s: Services, chapter: Chapter, note: string, viewer: Viewer, outer?: Knex.Transaction): Promise<boolean> {
  const work = async (trx: Knex.Transaction) => {
    const back = await bringBack(
      trx,
      chapter,
      s.jobs.now().toISOString(),
      note ? `Re-enabled by ${viewer.name}: ${note}` : `Re-enabled by ${viewer.name}.`,
      viewer.id,
    );
    if (back) await enqueueChapterLiveMail(s, trx, chapter.id);
    return back;
  };
  return outer ? work(outer) : s.knex.transaction(work);
}

/**
 * Pins a chapter active (with the admin's note) or unpins it. Pinning a chapter the rule made dormant puts it
 * back on the map; unpinning restarts the count, so the chapter gets the full grace period before any notice.
 */
export async function pinChapterActive(s: Services, chapter: Chapter, input: { pinned: boolean; note: string }, viewer: Viewer): Promise<void> {
  const at = s.jobs.now().toISOString();
  await s.knex.transaction(async (trx) => {
    if (input.pinned) {
      await bringBack(trx, chapter, at, `Pinned active by ${viewer.name}: ${input.note}`, viewer.id);
      await saveChapterHealthRow(trx, chapter.id, { pinnedActive: true, pinNote: input.note, pinnedBy: viewer.id }, at);
      await recordActivity(
        { type: "chapter_health", title: `${displayTitle(chapter)} pinned active`, note: input.note, userId: viewer.id, chapterId: chapter.id },
        trx as unknown as Transaction,
      );
    } else {
      await saveChapterHealthRow(trx, chapter.id, { pinnedActive: false, pinNote: "", pinnedBy: null, countedFrom: at }, at);
      await recordActivity(
        { type: "chapter_health", title: `${displayTitle(chapter)} no longer pinned active`, note: input.note, userId: viewer.id, chapterId: chapter.id },
        trx as unknown as Transaction,
      );
    }
  });
}
