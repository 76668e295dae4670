import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

export class ChapterHostApplicationNote extends BaseModel {
  static override tableName = "chapter_host_application_notes";
  chapterHostApplicationId!: number;
  userId!: number | null;
  note!: string;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "chapter_host_application_notes.userId", to: "users.id" } },
  });
}
