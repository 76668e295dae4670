import { BaseModel } from "./BaseModel";

/** The single row (id 1) of front-page settings. */
export class FrontPage extends BaseModel {
  static override tableName = "front_page";
  static override booleanColumns = ["hasImage"];
  static override timestamps = "none" as const;
  imageLinkUrl!: string;
  hasImage!: boolean;

  override $beforeUpdate(): void {
    this.updatedAt = new Date().toISOString();
  }
}
