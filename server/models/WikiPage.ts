import { BaseModel } from "./BaseModel";

export class WikiPage extends BaseModel {
  static override tableName = "wiki_pages";
  static override booleanColumns = ["isPublic", "isEditable"];
  title!: string;
  slug!: string;
  body!: string;
  isPublic!: boolean;
  isEditable!: boolean;
}
