import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

export class UserNote extends BaseModel {
  static override tableName = "user_notes";
  aboutUserId!: number;
  userId!: number | null;
  note!: string;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "user_notes.userId", to: "users.id" } },
  });
}
