import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Chapter } from "./Chapter";

export class PressMention extends BaseModel {
  static override tableName = "press_mentions";
  static override booleanColumns = ["isVisible"];
  chapterId!: number | null;
  title!: string;
  url!: string;
  notes!: string;
  slug!: string;
  isVisible!: boolean;
  chapter?: Chapter;

  static override relationMappings = (): RelationMappings => ({
    chapter: { relation: BaseModel.BelongsToOneRelation, modelClass: Chapter, join: { from: "press_mentions.chapterId", to: "chapters.id" } },
  });
}
