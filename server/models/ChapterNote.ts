import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

export class ChapterNote extends BaseModel {
  static override tableName = "chapter_notes";
  static override booleanColumns = ["adminOnly"];
  chapterId!: number;
  userId!: number | null;
  note!: string;
  adminOnly!: boolean;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "chapter_notes.userId", to: "users.id" } },
  });
}
