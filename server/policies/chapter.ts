import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import { SETTINGS_NEED_FIELD_ORGANIZER } from "../contracts/chapterAdmin";
import type { Rule } from "./authorize";
import { hasRoleOn, type Viewer } from "./viewer";

interface ChapterLike {
  id: number;
  status: number;
}

/** Host access: host or field organizer of the chapter, or admin (spec 000 section 6). */
export const hostAccess = (viewer: Viewer | null, chapter: Pick<ChapterLike, "id">): boolean =>
  Boolean(viewer && (viewer.isAdmin || hasRoleOn(viewer, chapter.id, ROLE_CHAPTER_HOST) || hasRoleOn(viewer, chapter.id, ROLE_FIELD_ORGANIZER)));

/** Field organizer access: field organizer of the chapter, or admin. */
const fieldOrganizerAccess = (viewer: Viewer | null, chapter: Pick<ChapterLike, "id">): boolean =>
  Boolean(viewer && (viewer.isAdmin || hasRoleOn(viewer, chapter.id, ROLE_FIELD_ORGANIZER)));

export const chapterPolicy = {
  /** Active chapters are public; inactive ones only for host access. */
  view: (viewer: Viewer | null, chapter: ChapterLike) => chapter.status === CHAPTER_ACTIVE || hostAccess(viewer, chapter),
  /** Public list signup: whoever may view the chapter (an inactive one's widget is only shown to host access). */
  joinList: (viewer: Viewer | null, chapter: ChapterLike) => chapterPolicy.view(viewer, chapter),
  host: (viewer: Viewer, chapter: Pick<ChapterLike, "id">) => hostAccess(viewer, chapter),
  fieldOrganize: (viewer: Viewer, chapter: Pick<ChapterLike, "id">) => fieldOrganizerAccess(viewer, chapter),
  /** The slug is in every chapter link: only admins change it. */
  editSlug: (viewer: Viewer) => viewer.isAdmin,
  managePermissions: (viewer: Viewer) => viewer.isAdmin,
  /** Admin-only notes (and admin-only activity items) are read and written by admins only. */
  seeAdminOnlyNotes: (viewer: Viewer) => viewer.isAdmin,
  writeAdminOnlyNotes: (viewer: Viewer) => viewer.isAdmin,
  create: (viewer: Viewer) => viewer.isAdmin,
};

/**
 * Who may change which chapter field (docs/permissions.md): the about text needs host access; every other
 * field, the status included, field organizer access; the slug also an admin. `fields` are the fields that
 * change (a field sent unchanged needs no right). Answers the refusal (403) message, or null when allowed.
 */
export function refuseChapterChanges(viewer: Viewer, chapter: ChapterLike, fields: string[]): string | null {
  if (fields.some((k) => k !== "about") && !chapterPolicy.fieldOrganize(viewer, chapter)) return SETTINGS_NEED_FIELD_ORGANIZER;
  if (fields.includes("slug") && !chapterPolicy.editSlug(viewer)) return "Only admins can change a chapter's slug.";
  return null;
}

/**
 * What the UI may offer for this chapter, sent with chapter answers so components never re-derive roles:
 * each ability is a chapterPolicy rule applied to the viewer (false for an anonymous caller).
 */
export function chapterAbilities(viewer: Viewer | null, chapter: ChapterLike) {
  const may = (rule: Rule<ChapterLike>) => Boolean(viewer && rule(viewer, chapter));
  return {
    view: chapterPolicy.view(viewer, chapter),
    host: may(chapterPolicy.host),
    fieldOrganize: may(chapterPolicy.fieldOrganize),
    editSlug: may(chapterPolicy.editSlug),
    managePermissions: may(chapterPolicy.managePermissions),
    writeAdminOnlyNotes: may(chapterPolicy.writeAdminOnlyNotes),
  };
}
