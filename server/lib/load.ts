import { Chapter } from "../models/Chapter";
import { notFound } from "../errors";
import { CHAPTER_DETAIL_GRAPH } from "../presenters/chapter";

/** The chapter with this id (and its type), or 404. */
export async function findChapter(id: number): Promise<Chapter> {
  const chapter = await Chapter.query().findById(id).withGraphFetched("chapterType");
  if (!chapter) throw notFound("Chapter");
  return chapter;
}

/** Loads a chapter with everything its page needs, or 404. */
export async function loadChapterDetail(where: { slug: string } | { id: number }): Promise<Chapter> {
  const chapter = await Chapter.query().findOne(where).withGraphFetched(CHAPTER_DETAIL_GRAPH);
  if (!chapter) throw notFound("Chapter");
  return chapter;
}
