import { BaseModel } from "./BaseModel";

export const ROLE_ADMIN = 1;
export const ROLE_FIELD_ORGANIZER = 2;
export const ROLE_CHAPTER_HOST = 3;
export type RoleId = typeof ROLE_ADMIN | typeof ROLE_FIELD_ORGANIZER | typeof ROLE_CHAPTER_HOST;

export class Role extends BaseModel {
  static override tableName = "roles";
  static override timestamps = "none" as const;
  name!: string;
}
