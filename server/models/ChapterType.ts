import { BaseModel } from "./BaseModel";

export class ChapterType extends BaseModel {
  static override tableName = "chapter_types";
  static override timestamps = "none" as const;
  name!: string;
  hexColor!: string;
  emailDomain!: string;
}
