import type {
  ActivityFeedItemInfo,
  ChapterLinkInfo,
  ChapterNoteInfo,
  PermissionInfo,
  PressMentionInfo,
  UserListItem,
  UserRef,
} from "../contracts/chapterAdmin";
import { displayTitle, normalizeState } from "../contracts/chapter";
import type { ActivityFeedItem } from "../models/ActivityFeedItem";
import type { Chapter } from "../models/Chapter";
import type { ChapterLink } from "../models/ChapterLink";
import type { ChapterNote } from "../models/ChapterNote";
import type { Permission } from "../models/Permission";
import type { PressMention } from "../models/PressMention";
import type { User } from "../models/User";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER, ROLE_NAMES } from "../contracts/roles";

const presentUserRef = (u: Pick<User, "id" | "name" | "email"> | null | undefined): UserRef | null => (u ? { id: u.id, name: u.name, email: u.email } : null);

export function presentActivity(item: ActivityFeedItem, c: Chapter | null | undefined): ActivityFeedItemInfo {
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    note: item.note,
    adminOnly: item.adminOnly,
    objectId: item.objectId,
    chapterId: item.chapterId,
    chapter: c ? { id: c.id, slug: c.slug, state: normalizeState(c.state), displayTitle: displayTitle(c) } : null,
    user: presentUserRef(item.user),
    createdAt: item.createdAt!,
  };
}

export function presentPermission(p: Permission): PermissionInfo {
  return {
    id: p.id,
    user: presentUserRef(p.user)!,
    chapterId: p.chapterId,
    roleId: p.roleId,
    role: { id: p.roleId, name: p.role?.name ?? ROLE_NAMES[p.roleId] ?? "" },
    createdAt: p.createdAt!,
  };
}

export const presentLink = (l: ChapterLink): ChapterLinkInfo => ({ id: l.id, title: l.title, url: l.url });

export const presentNote = (n: ChapterNote): ChapterNoteInfo => ({
  id: n.id,
  chapterId: n.chapterId,
  note: n.note,
  adminOnly: n.adminOnly,
  user: presentUserRef(n.user),
  createdAt: n.createdAt!,
});

export const presentPressMention = (p: PressMention): PressMentionInfo => ({
  id: p.id,
  title: p.title,
  url: p.url,
  notes: p.notes,
  slug: p.slug,
  isVisible: p.isVisible,
  chapterId: p.chapterId,
  createdAt: p.createdAt!,
});

export function presentUserListItem(u: User): UserListItem {
  const perms = u.permissions ?? [];
  const chapters = (roleId: number) => perms.filter((p) => p.roleId === roleId && p.chapterId != null).map((p) => p.chapterId!);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    createdAt: u.createdAt!,
    isAdmin: perms.some((p) => p.roleId === ROLE_ADMIN),
    isChapterHost: chapters(ROLE_CHAPTER_HOST).length > 0,
    isFieldOrganizer: chapters(ROLE_FIELD_ORGANIZER).length > 0,
    chapterHostChapters: chapters(ROLE_CHAPTER_HOST),
    fieldOrganizerChapters: chapters(ROLE_FIELD_ORGANIZER),
  };
}
