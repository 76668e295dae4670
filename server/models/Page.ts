import { BaseModel } from "./BaseModel";

export class Page extends BaseModel {
  static override tableName = "pages";
  static override booleanColumns = ["isPublic"];
  title!: string;
  slug!: string;
  body!: string;
  isPublic!: boolean;
}
