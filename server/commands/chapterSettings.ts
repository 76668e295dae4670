import type { Services } from "../services";
import { enqueueChapterResync } from "../mailingLists/contacts";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { displayTitle } from "../contracts/chapter";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";
import { reactivateChapter } from "./chapterHealth";
import { enqueueChapterLiveMail } from "./chapterLiveMail";

/** Field labels as the settings screen names them, for the activity note. */
const CHAPTER_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  city: "City",
  state: "State",
  postalCode: "Postal Code",
  country: "Country",
  chapterTypeId: "Chapter Type",
  status: "Chapter Status",
  emailAlias: "Email Alias",
  brontoListName: "List Name",
  brontoListId: "Bronto Id",
  sendInBlueListId: "SendInBlue Id",
  timeZone: "Time Zone",
  about: "About this Chapter",
};

export type ChapterChanges = Partial<
  Pick<
    Chapter,
    | "title"
    | "slug"
    | "city"
    | "state"
    | "postalCode"
    | "country"
    | "chapterTypeId"
    | "status"
    | "emailAlias"
    | "brontoListName"
    | "brontoListId"
    | "sendInBlueListId"
    | "timeZone"
    | "about"
  >
>;

/** The fields of `changes` whose value differs from the chapter's. */
export function changedFields(chapter: Chapter, changes: ChapterChanges): ChapterChanges {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined && (chapter as unknown as Record<string, unknown>)[key] !== value) out[key] = value;
  }
  return out as ChapterChanges;
}

/**
 * Saves settings and/or the about text in one transaction and records what changed in the chapter's
 * activity feed (settings and page content as separate items).
 */
export async function updateChapter(s: Services, chapter: Chapter, changes: ChapterChanges, viewer: Viewer): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await Chapter.transaction(async (trx) => {
    await Chapter.query(trx).patch(changes).where({ id: chapter.id });
    // Set Active again: a chapter the health rule made dormant restarts its count (docs/decisions.md).
    // Made active: the hosts hear they are live (a dormant chapter's return tells them itself).
    if (changes.status === CHAPTER_ACTIVE && chapter.status !== CHAPTER_ACTIVE)
      if (!(await reactivateChapter(s, chapter, "Chapter Status set to Active in Chapter Settings.", viewer, trx)))
        await enqueueChapterLiveMail(s, trx, chapter.id);
    // A new list id: hand the chapter's contacts to that list at the provider.
    if (changes.sendInBlueListId !== undefined || changes.brontoListId !== undefined) await enqueueChapterResync(s, chapter.id, trx);
    const settings = Object.keys(changes).filter((k) => k !== "about");
    const name = displayTitle({ title: changes.title ?? chapter.title, city: changes.city ?? chapter.city });
    if (settings.length) {
      await recordActivity(
        {
          type: "chapter_settings",
          title: `Chapter Settings of ${name} changed`,
          note: `Changed: ${settings.map((k) => CHAPTER_FIELD_LABELS[k] ?? k).join(", ")}`,
          userId: viewer.id,
          chapterId: chapter.id,
        },
        trx,
      );
    }
    if (changes.about !== undefined) {
      await recordActivity({ type: "chapter_content", title: `About this Chapter of ${name} updated`, userId: viewer.id, chapterId: chapter.id }, trx);
    }
  });
}
