/** Shapes of the site admin API (spec 001), shared by server and UI. No Node imports here. */
import { MIN_SEARCH_LENGTH, type UserListItem, type UserRef } from "./chapterAdmin";
import type { HostApplicationStatus } from "./hostApplication";
import type { PressMentionFields } from "./pressMention";

export type { HostApplicationStatus } from "./hostApplication";
/** How each status reads on screen (spec 000 section 4). */
export { HOST_APPLICATION_STATUS_LABELS as APPLICATION_STATUS_LABELS } from "./hostApplication";
export { MIN_SEARCH_LENGTH, USER_LIST_LIMIT } from "./chapterAdmin";

/** Name and email of a person (an applicant, a note's author). */
type PersonRef = UserRef;

// ---- Host applications (spec 001 sections 2 and 4) ----

/** Chapter type of an application (drinking, dining, laughing) to chapter type id (spec 001 section 4). */
export const APPLICATION_TYPE_CHAPTER_TYPE_IDS: Record<string, number> = { drinking: 1, screening: 2, living: 3, laughing: 4, dining: 5, reading: 6 };

export interface ChapterRef {
  id: number;
  slug: string;
  title: string;
  displayTitle: string;
  /** lower case; "int" for International */
  state: string;
  status: number;
}

export interface AdminHostApplication {
  id: number;
  slug: string;
  user: PersonRef;
  status: HostApplicationStatus;
  isArchived: boolean;
  city: string;
  state: string;
  type: string;
  reason: string;
  createdAt: string;
  didHavePhoneCall: boolean;
  didSignAgreement: boolean;
  didGiveAdditionalInfo: boolean;
  chapterId: number | null;
  /** The chapter created from this application, when there is one. */
  chapter: ChapterRef | null;
}

/**
 * PUT /api/chapter_host_application/slug/{slug}: any subset; each change is saved at once. A decision (denied,
 * approved_without_creation) emails the applicant; `note` (with one of those) goes into that email and the Note
 * Archive.
 */
export interface HostApplicationUpdate {
  status?: Exclude<HostApplicationStatus, "approved">;
  note?: string;
  isArchived?: boolean;
  didHavePhoneCall?: boolean;
  didSignAgreement?: boolean;
  didGiveAdditionalInfo?: boolean;
}

export interface NoteInfo {
  id: number;
  note: string;
  user: PersonRef | null;
  createdAt: string;
}

// ---- Chapters ----

export interface NewChapterInput {
  title: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  about?: string;
  chapterTypeId?: number;
  /** Create the chapter from this open application: approves it and makes the applicant its host. */
  chapterHostApplicationSlug?: string;
}

export interface NewChapterResult {
  chapter: ChapterRef & { city: string; chapterTypeId: number };
  application: AdminHostApplication | null;
}

// ---- Users (spec 001 section 2, Users) ----

export interface AdminUserRow extends PersonRef {
  createdAt: string;
  isAdmin: boolean;
}

export interface UserChapterInfo extends ChapterRef {
  lastBlogPostDate: string | null;
}

/** GET /api/user/count. */
export interface UserCount {
  count: number;
}

export interface AdminUserDetail extends AdminUserRow {
  isChapterHost: boolean;
  isFieldOrganizer: boolean;
  chapterHostChapters: UserChapterInfo[];
  fieldOrganizerChapters: UserChapterInfo[];
}

/** `?role=` of GET /api/user/all and POST /api/user/search: people holding that role anywhere, or none at all. */
export const USER_ROLE_FILTERS = ["admin", "host", "fieldOrganizer", "none"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/** PUT /api/user/admin/{id} (admins; answers the user's AdminUserRow): make the user an admin or remove that. */
export interface AdminRoleUpdate {
  isAdmin: boolean;
}

/** The errorId of the refusal to remove the last admin's admin role (409). */
export const LAST_ADMIN_ERROR_ID = "last_admin";

/** POST /api/user/search answers rows that serve both the site admin's list and the chapter hosts' search. */
export type UserSearchResult = AdminUserRow & UserListItem;

// ---- Site content ----

export const FRONT_PAGE_IMAGE_NAME = "front_page.jpg";

/** POST /api/blog_post and /api/page (answer BlogPostAdmin, PageAdmin): create without an id, update with it. */
export interface ContentInput {
  id?: number;
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
}

/** POST /api/wiki_page (answers WikiPageAdmin). */
export interface WikiPageInput extends ContentInput {
  isEditable: boolean;
}

export interface PageAdmin {
  id: number;
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A blog post: a page with an author. */
export interface BlogPostAdmin extends PageAdmin {
  user: PersonRef | null;
}

export interface WikiPageAdmin extends PageAdmin {
  isEditable: boolean;
}

export interface PressMentionAdmin extends PressMentionFields {
  /** -1 when the mention belongs to no chapter (spec 001 section 3). */
  chapterId: number;
  chapter: ChapterRef | null;
}

/** The message a non-editable wiki page shows (spec 001 section 2). */
export const WIKI_NOT_EDITABLE_MESSAGE = "This page cannot be edited directly because the text editor will screw up the formatting. Please contact an admin.";

export const SLUG_HINT = "Lowercase letters, numbers and underscores only.";
export const SLUG_MESSAGE = "Slug may only contain lowercase letters, numbers and underscores";

export const SEARCH_TOO_SHORT = `Please enter at least ${MIN_SEARCH_LENGTH} characters to search`;
