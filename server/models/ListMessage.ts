import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { ChapterBlogPost } from "./ChapterBlogPost";
import { User } from "./User";

/** One email sent to a chapter's list, with its delivery progress. */
export class ListMessage extends BaseModel {
  static override tableName = "list_messages";
  chapterId!: number;
  chapterBlogPostId!: number | null;
  userId!: number | null;
  title!: string;
  body!: string;
  status!: "queued" | "sending" | "sent" | "failed";
  total!: number;
  sent!: number;
  failed!: number;
  /** Recipients whose delivery was interrupted where the provider cannot say whether it went out. */
  unknown!: number;
  user?: User | null;
  chapterBlogPost?: ChapterBlogPost | null;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "list_messages.userId", to: "users.id" } },
    chapterBlogPost: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: ChapterBlogPost,
      join: { from: "list_messages.chapterBlogPostId", to: "chapter_blog_posts.id" },
    },
  });
}
