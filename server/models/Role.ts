import { BaseModel } from "./BaseModel";

export { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../contracts/roles";

export class Role extends BaseModel {
  static override tableName = "roles";
  static override timestamps = "none" as const;
  name!: string;
}
