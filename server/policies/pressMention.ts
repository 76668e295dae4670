import { hostAccess } from "./chapter";
import type { Viewer } from "./viewer";

/**
 * Press mentions: a chapter's belong to its hosts (host access on that chapter); site-wide ones
 * (no chapter) to admins.
 */
export const pressMentionPolicy = {
  manage: (viewer: Viewer, mention: { chapterId: number | null }) => (mention.chapterId == null ? viewer.isAdmin : hostAccess(viewer, { id: mention.chapterId })),
};
