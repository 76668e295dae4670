import { ChapterNote } from "../models/ChapterNote";
import type { Chapter } from "../models/Chapter";
import type { User } from "../models/User";
import { UserNote } from "../models/UserNote";
import { displayTitle } from "../contracts/chapter";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";

/** A site admin's note about a user, with an admin-only activity item, in one transaction. */
export async function addUserNote(viewer: Viewer, about: User, note: string): Promise<UserNote> {
  return UserNote.transaction(async (trx) => {
    const row = await UserNote.query(trx).insert({ aboutUserId: about.id, userId: viewer.id, note });
    await recordActivity({ type: "user_note", title: `Note about ${about.name}`, note, adminOnly: true, userId: viewer.id, objectId: about.id }, trx);
    return row;
  });
}

/**
 * A note on a chapter with its activity item, in one transaction; an admin-only note makes an admin-only
 * item (whether the viewer may write one is chapterPolicy.writeAdminOnlyNotes, checked by the route).
 */
export async function addChapterNote(viewer: Viewer, chapter: Chapter, input: { note: string; adminOnly: boolean }): Promise<ChapterNote> {
  return ChapterNote.transaction(async (trx) => {
    const created = await ChapterNote.query(trx).insertAndFetch({ chapterId: chapter.id, userId: viewer.id, note: input.note, adminOnly: input.adminOnly });
    await recordActivity(
      {
        type: "chapter_note",
        title: `Note on ${displayTitle(chapter)}`,
        note: input.note,
        adminOnly: input.adminOnly,
        userId: viewer.id,
        chapterId: chapter.id,
        objectId: created.id,
      },
      trx,
    );
    return created;
  });
}
