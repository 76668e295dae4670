import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

export class BlogPost extends BaseModel {
  static override tableName = "blog_posts";
  static override booleanColumns = ["isPublic"];
  userId!: number | null;
  title!: string;
  slug!: string;
  body!: string;
  isPublic!: boolean;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "blog_posts.userId", to: "users.id" } },
  });
}
