import { ChapterLink } from "../models/ChapterLink";
import type { Chapter } from "../models/Chapter";
import { displayTitle } from "../contracts/chapter";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";

/** Replaces a chapter's links with `links` (in this order) and records it, in one transaction. */
export async function replaceChapterLinks(viewer: Viewer, chapter: Chapter, links: { title: string; url: string }[]): Promise<ChapterLink[]> {
  return ChapterLink.transaction(async (trx) => {
    await ChapterLink.query(trx).delete().where({ chapterId: chapter.id });
    const rows: ChapterLink[] = [];
    for (const [position, l] of links.entries()) {
      rows.push(await ChapterLink.query(trx).insertAndFetch({ chapterId: chapter.id, title: l.title, url: l.url, position }));
    }
    await recordActivity(
      {
        type: "chapter_link",
        title: `Links of ${displayTitle(chapter)} updated`,
        note: `${rows.length} link${rows.length === 1 ? "" : "s"}`,
        userId: viewer.id,
        chapterId: chapter.id,
      },
      trx,
    );
    return rows;
  });
}
