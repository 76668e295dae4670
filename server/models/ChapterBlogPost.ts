import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

/** A post on a chapter's page; every email sent to the chapter's list is kept as one. */
export class ChapterBlogPost extends BaseModel {
  static override tableName = "chapter_blog_posts";
  chapterId!: number;
  userId!: number | null;
  title!: string;
  slug!: string;
  body!: string;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "chapter_blog_posts.userId", to: "users.id" } },
  });
}
