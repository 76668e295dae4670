/** Shapes of the chapter admin area's answers, shared by server and UI. No Node imports here. */
import type { PressMentionFields } from "./pressMention";
import { isSingleLine } from "./text";
import { chapterStatusLabel } from "./chapter";

export interface UserRef {
  id: number;
  name: string;
  email: string;
}

/** One item of a Recent Activity Feed (spec 000 section 3). */
export interface ActivityFeedItemInfo {
  id: number;
  type: string;
  title: string;
  note: string;
  adminOnly: boolean;
  objectId: string | null;
  chapterId: number | null;
  /** The chapter the item is about, for links from the network-wide feed. */
  chapter: { id: number; slug: string; state: string; displayTitle: string } | null;
  user: UserRef | null;
  createdAt: string;
}

/** A chapter role (spec 001 section 3 Permission). */
export interface PermissionInfo {
  id: number;
  user: UserRef;
  chapterId: number | null;
  roleId: number;
  role: { id: number; name: string };
  createdAt: string;
}

export interface ChapterLinkInfo {
  id: number;
  title: string;
  url: string;
}

export interface ChapterNoteInfo {
  id: number;
  chapterId: number;
  note: string;
  adminOnly: boolean;
  user: UserRef | null;
  createdAt: string;
}

export interface PressMentionInfo extends PressMentionFields {
  /** null for site-wide mentions (the forms use -1 for "no chapter"). */
  chapterId: number | null;
}

/** A user as the admin search lists them (spec 001 section 3 User). */
export interface UserListItem {
  id: number;
  name: string;
  email: string;
  createdAt: string;
  isAdmin: boolean;
  isChapterHost: boolean;
  isFieldOrganizer: boolean;
  chapterHostChapters: number[];
  fieldOrganizerChapters: number[];
}

/** GET /api/chapter/settings_options: what the Chapter Settings form offers. */
export interface ChapterSettingsOptions {
  chapterTypes: { id: number; name: string; hexColor: string; emailDomain: string }[];
  /** Which list id the chapter needs: sendInBlueListId or brontoListId. */
  emailServiceName: "sendInBlue" | "bronto";
  timeZones: string[];
}

/** POST /api/chapter (answers ChapterDetail): the chapter's id and any of its settings, or only its about text. */
export interface ChapterSettingsInput {
  id: number;
  title?: string;
  slug?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  chapterTypeId?: number;
  status?: number;
  emailAlias?: string;
  brontoListName?: string;
  sendInBlueListId?: string;
  brontoListId?: string;
  timeZone?: string;
  about?: string;
}

/** POST /api/chapter_link/chapter/{chapterId} takes the whole list (answers the saved ChapterLinkInfo[]). */
export interface ChapterLinkInput {
  title: string;
  url: string;
}

/** POST /api/chapter_note (answers ChapterNoteInfo); adminOnly only counts for admins. */
export interface ChapterNoteInput {
  chapterId: number;
  note: string;
  adminOnly: boolean;
}

/** POST /api/permission/{chapterId} (answers PermissionInfo): 2 field organizer, 3 chapter host. */
export interface PermissionGrant {
  userId: number;
  roleId: number;
}

/** POST /api/press_mention/ (answers PressMentionInfo): create without a slug, update with it; chapterId -1 for none. */
export interface PressMentionInput {
  slug?: string;
  title: string;
  url: string;
  notes: string;
  isVisible: boolean;
  chapterId: number;
}

/** Uploads (header image, front page image) and deletes answer { result: "success" }. */
export interface ResultAnswer {
  result: string;
}

/** Chapter type ids the settings offer (spec 001 section 4). */
export const SETTINGS_CHAPTER_TYPES = [
  { id: 1, label: "Drinking" },
  { id: 4, label: "Laughing" },
  { id: 5, label: "Dining" },
  { id: 6, label: "Reading" },
] as const;

export const CHAPTER_STATUSES = [
  { id: 1, label: chapterStatusLabel(1) },
  { id: 0, label: chapterStatusLabel(0) },
] as const;

/** The sentence shown to hosts on Chapter Settings (spec 001 section 6); also the API's 403 message. */
export const SETTINGS_NEED_FIELD_ORGANIZER = "You must be a Field Organizer or Admin to save changes to Chapter Settings.";

/** Shortest user search (spec 001 section 9). */
export const MIN_SEARCH_LENGTH = 2;
/** Longest user list (spec 001 section 9). */
export const USER_LIST_LIMIT = 300;
/** Items in a Recent Activity Feed. */
export const ACTIVITY_FEED_LIMIT = 50;

/** The header image's public address (spec 001 section 7). */
export const chapterHeaderImagePath = (chapterId: number) => `/assets/images/uploads/chapter_header_${chapterId}.jpg`;

/** http and https only: the one check every link the area shows passes first. */
export function isHttpUrl(value: string): boolean {
  // URL parsing drops tabs and line breaks silently; the text we store would keep them.
  if (!isSingleLine(value.trim())) return false;
  try {
    const u = new URL(value.trim());
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}
