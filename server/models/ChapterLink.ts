import { BaseModel } from "./BaseModel";

export class ChapterLink extends BaseModel {
  static override tableName = "chapter_links";
  chapterId!: number;
  title!: string;
  url!: string;
  position!: number;
}
