import { presentUserListItem } from "./chapterAdmin";
import type { UserListItem } from "../contracts/chapterAdmin";
import type {
  AdminHostApplication,
  AdminUserRow,
  BlogPostAdmin,
  ChapterRef,
  NoteInfo,
  PageAdmin,
  PressMentionAdmin,
  WikiPageAdmin,
} from "../contracts/siteAdmin";
import { displayTitle, normalizeState } from "../contracts/chapter";
import type { BlogPost, Chapter, ChapterHostApplication, Page, PressMention, User, WikiPage } from "../models";
import { presentUserRef } from "./user";

export function presentChapterRef(c: Pick<Chapter, "id" | "slug" | "title" | "city" | "state" | "status">): ChapterRef {
  return { id: c.id, slug: c.slug, title: c.title, displayTitle: displayTitle(c), state: normalizeState(c.state), status: c.status };
}

const person = (u: Pick<User, "id" | "name" | "email"> | null | undefined) => presentUserRef(u) ?? { id: 0, name: "(deleted user)", email: "" };

/** A host application as admins see it: the applicant's name and email, flags and the created chapter. */
export function presentApplicationForAdmin(a: ChapterHostApplication, chapter?: Chapter | null): AdminHostApplication {
  return {
    id: a.id,
    slug: a.slug,
    user: person(a.user),
    status: a.status,
    isArchived: a.isArchived,
    city: a.city,
    state: normalizeState(a.state),
    type: a.type,
    reason: a.reason,
    createdAt: a.createdAt!,
    didHavePhoneCall: a.didHavePhoneCall,
    didSignAgreement: a.didSignAgreement,
    didGiveAdditionalInfo: a.didGiveAdditionalInfo,
    chapterId: a.chapterId,
    chapter: chapter ? presentChapterRef(chapter) : null,
  };
}

export function presentNote(n: { id: number; note: string; createdAt?: string; user?: User | null }): NoteInfo {
  return { id: n.id, note: n.note, user: presentUserRef(n.user ?? null), createdAt: n.createdAt! };
}

/** A user row with the role flags of spec 001 section 3 (used by the users list, search and the add-host card). */
export function presentUserRow(u: User): AdminUserRow & UserListItem {
  return presentUserListItem(u);
}

export function presentBlogPostAdmin(p: BlogPost): BlogPostAdmin {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    body: p.body,
    isPublic: p.isPublic,
    createdAt: p.createdAt!,
    updatedAt: p.updatedAt!,
    user: presentUserRef(p.user ?? null),
  };
}

export function presentPageAdmin(p: Page): PageAdmin {
  return { id: p.id, title: p.title, slug: p.slug, body: p.body, isPublic: p.isPublic, createdAt: p.createdAt!, updatedAt: p.updatedAt! };
}

export function presentWikiPageAdmin(p: WikiPage): WikiPageAdmin {
  return { ...presentPageAdmin(p as unknown as Page), isEditable: p.isEditable };
}

export function presentPressMentionAdmin(m: PressMention): PressMentionAdmin {
  return {
    id: m.id,
    title: m.title,
    url: m.url,
    notes: m.notes,
    slug: m.slug,
    isVisible: m.isVisible,
    chapterId: m.chapterId ?? -1,
    chapter: m.chapter ? presentChapterRef(m.chapter) : null,
    createdAt: m.createdAt!,
  };
}
