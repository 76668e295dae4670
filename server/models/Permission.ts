import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Chapter } from "./Chapter";
import { Role } from "./Role";
import { User } from "./User";

export class Permission extends BaseModel {
  static override tableName = "permissions";
  userId!: number;
  roleId!: number;
  chapterId!: number | null;
  user?: User;
  role?: Role;
  chapter?: Chapter;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "permissions.userId", to: "users.id" } },
    role: { relation: BaseModel.BelongsToOneRelation, modelClass: Role, join: { from: "permissions.roleId", to: "roles.id" } },
    chapter: { relation: BaseModel.BelongsToOneRelation, modelClass: Chapter, join: { from: "permissions.chapterId", to: "chapters.id" } },
  });
}
