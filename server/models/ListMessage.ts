import { BaseModel } from "./BaseModel";

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
}
