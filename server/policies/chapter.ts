import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import { hasRoleOn, type Viewer } from "./viewer";

interface ChapterLike {
  id: number;
  status: number;
}

/** Host access: host or field organizer of the chapter, or admin (spec 000 section 6). */
export const hostAccess = (viewer: Viewer | null, chapter: Pick<ChapterLike, "id">): boolean =>
  Boolean(viewer && (viewer.isAdmin || hasRoleOn(viewer, chapter.id, ROLE_CHAPTER_HOST) || hasRoleOn(viewer, chapter.id, ROLE_FIELD_ORGANIZER)));

/** Field organizer access: field organizer of the chapter, or admin. */
export const fieldOrganizerAccess = (viewer: Viewer | null, chapter: Pick<ChapterLike, "id">): boolean =>
  Boolean(viewer && (viewer.isAdmin || hasRoleOn(viewer, chapter.id, ROLE_FIELD_ORGANIZER)));

export const chapterPolicy = {
  /** Active chapters are public; inactive ones only for host access. */
  view: (viewer: Viewer | null, chapter: ChapterLike) => chapter.status === CHAPTER_ACTIVE || hostAccess(viewer, chapter),
  /** Public list signup: whoever may view the chapter (an inactive one's widget is only shown to host access). */
  joinList: (viewer: Viewer | null, chapter: ChapterLike) => chapterPolicy.view(viewer, chapter),
  host: (viewer: Viewer, chapter: Pick<ChapterLike, "id">) => hostAccess(viewer, chapter),
  fieldOrganize: (viewer: Viewer, chapter: Pick<ChapterLike, "id">) => fieldOrganizerAccess(viewer, chapter),
  editSlug: (viewer: Viewer) => viewer.isAdmin,
  managePermissions: (viewer: Viewer) => viewer.isAdmin,
  seeAdminOnlyNotes: (viewer: Viewer) => viewer.isAdmin,
  create: (viewer: Viewer) => viewer.isAdmin,
};

/** What the UI may offer for this chapter; sent with chapter answers so components never re-derive roles. */
export function chapterAbilities(viewer: Viewer | null, chapter: ChapterLike) {
  return {
    view: chapterPolicy.view(viewer, chapter),
    host: hostAccess(viewer, chapter),
    fieldOrganize: fieldOrganizerAccess(viewer, chapter),
    editSlug: Boolean(viewer?.isAdmin),
    managePermissions: Boolean(viewer?.isAdmin),
    writeAdminOnlyNotes: Boolean(viewer?.isAdmin),
  };
}
