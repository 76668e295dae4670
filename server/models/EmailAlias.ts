import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Chapter } from "./Chapter";

export class EmailAlias extends BaseModel {
  static override tableName = "email_aliases";
  static override jsonAttributes = ["recipients"];
  localPart!: string;
  domain!: string;
  recipients!: string[];
  chapterId!: number | null;
  mailgunRouteId!: string | null;
  chapter?: Chapter;

  static override relationMappings = (): RelationMappings => ({
    chapter: { relation: BaseModel.BelongsToOneRelation, modelClass: Chapter, join: { from: "email_aliases.chapterId", to: "chapters.id" } },
  });
}
