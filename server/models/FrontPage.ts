import { BaseModel } from "./BaseModel";

/** The single row (id 1) of front-page settings. */
export class FrontPage extends BaseModel {
  static override tableName = "front_page";
  static override booleanColumns = ["hasImage"];
  static override timestamps = "updated" as const;
  imageLinkUrl!: string;
  hasImage!: boolean;
}
