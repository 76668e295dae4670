import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Permission } from "./Permission";

export class User extends BaseModel {
  static override tableName = "users";
  name!: string;
  email!: string;
  username!: string;
  passwordHash!: string;
  passwordChangedAt?: string | null;
  permissions?: Permission[];

  static override relationMappings = (): RelationMappings => ({
    permissions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Permission,
      join: { from: "users.id", to: "permissions.userId" },
    },
  });
}
