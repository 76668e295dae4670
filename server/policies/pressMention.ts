import type { QueryBuilder } from "objection";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import type { PressMention } from "../models/PressMention";
import { hostAccess } from "./chapter";
import type { Viewer } from "./viewer";

type MentionLike = { isVisible: boolean; chapterId: number | null; chapter?: { status: number } | null };

/**
 * Press mentions: a chapter's belong to its hosts (host access on that chapter); site-wide ones
 * (no chapter) to admins.
 */
export const pressMentionPolicy = {
  manage: (viewer: Viewer, mention: { chapterId: number | null }) =>
    mention.chapterId == null ? viewer.isAdmin : hostAccess(viewer, { id: mention.chapterId }),
  /**
   * What the public may read: a visible mention that is site-wide or of an active chapter. A hidden chapter's
   * mentions stay hidden however they are marked; everything else is for those who manage the mention. Its SQL
   * twin is `publicPressMentions` below.
   */
  public: (m: MentionLike) => m.isVisible && (m.chapterId == null || m.chapter?.status === CHAPTER_ACTIVE),
  /** One mention by slug: what the public may read, and everything else for those who manage it. */
  read: (viewer: Viewer | null, m: MentionLike): boolean => pressMentionPolicy.public(m) || Boolean(viewer && pressMentionPolicy.manage(viewer, m)),
};

/**
 * `pressMentionPolicy.public` as a query filter, for every public list: joins the mention's chapter as
 * `chapter` (left join, so site-wide mentions stay) and selects only the mention's columns.
 */
export function publicPressMentions(query: QueryBuilder<PressMention, PressMention[]>): QueryBuilder<PressMention, PressMention[]> {
  return query
    .leftJoinRelated("chapter")
    .select("pressMentions.*")
    .where("pressMentions.isVisible", true)
    .where((w) => w.whereNull("pressMentions.chapterId").orWhere("chapter.status", CHAPTER_ACTIVE));
}
