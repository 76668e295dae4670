import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

export class ActivityFeedItem extends BaseModel {
  static override tableName = "activity_feed_items";
  static override booleanColumns = ["adminOnly"];
  type!: string;
  title!: string;
  note!: string;
  adminOnly!: boolean;
  userId!: number | null;
  chapterId!: number | null;
  objectId!: string | null;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "activity_feed_items.userId", to: "users.id" } },
  });
}
