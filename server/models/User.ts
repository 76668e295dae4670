import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Permission } from "./Permission";

export class User extends BaseModel {
  static override tableName = "users";
  static override booleanColumns = ["legacyLongPassword"];
  name!: string;
  email!: string;
  username!: string;
  passwordHash!: string;
  passwordChangedAt?: string | null;
  /** Set before passwords were limited to 72 bytes: may be longer (docs/decisions.md, "Passwords"). */
  legacyLongPassword?: boolean;
  permissions?: Permission[];

  static override relationMappings = (): RelationMappings => ({
    permissions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Permission,
      join: { from: "users.id", to: "permissions.userId" },
    },
  });
}
