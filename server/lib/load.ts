import { Chapter } from "../models/Chapter";
import { notFound } from "../errors";

/** The chapter with this id (and its type), or 404. */
export async function findChapter(id: number): Promise<Chapter> {
  const chapter = await Chapter.query().findById(id).withGraphFetched("chapterType");
  if (!chapter) throw notFound("Chapter");
  return chapter;
}
