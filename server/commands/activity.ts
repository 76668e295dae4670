import type { Transaction } from "objection";
import { ActivityFeedItem } from "../models/ActivityFeedItem";

/**
 * Activity types with their meaning. The site admin dashboard shows an icon per type and a View link for
 * chapter_note (to the chapter's notes), user_note (to users/{objectId}) and press_mention.
 */
type ActivityType =
  | "chapter_note"
  | "user_note"
  | "press_mention"
  | "chapter_event"
  | "chapter_settings"
  | "chapter_content"
  | "chapter_link"
  | "permission"
  | "chapter_email"
  | "chapter_created"
  | "host_application"
  | "application_note"
  | "mailing_list"
  | "email_alias"
  | "alias_rate_limited"
  | "site_content"
  | "chapter_health";

export interface ActivityInput {
  type: ActivityType;
  title: string;
  note?: string;
  adminOnly?: boolean;
  userId: number | null;
  chapterId?: number | null;
  objectId?: string | number | null;
}

/** Writes one activity feed item; pass the transaction when the change itself runs in one. */
export async function recordActivity(input: ActivityInput, trx?: Transaction): Promise<ActivityFeedItem> {
  return ActivityFeedItem.query(trx).insert({
    type: input.type,
    title: input.title.slice(0, 300),
    note: (input.note ?? "").slice(0, 2000),
    adminOnly: input.adminOnly ?? false,
    userId: input.userId,
    chapterId: input.chapterId ?? null,
    objectId: input.objectId == null ? null : String(input.objectId),
  });
}
