import type { CurrentUser } from "../contracts/user";
import type { User } from "../models/User";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";

/** The caller's own record, with the derived flags of spec 000 section 3. Never the password hash. */
export function presentCurrentUser(user: User): CurrentUser {
  const permissions = (user.permissions ?? []).map((p) => ({ id: p.id, roleId: p.roleId, chapterId: p.chapterId }));
  const chapterHostChapters = permissions.filter((p) => p.roleId === ROLE_CHAPTER_HOST && p.chapterId != null).map((p) => p.chapterId!);
  const fieldOrganizerChapters = permissions.filter((p) => p.roleId === ROLE_FIELD_ORGANIZER && p.chapterId != null).map((p) => p.chapterId!);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    createdAt: user.createdAt!,
    permissions,
    isAdmin: permissions.some((p) => p.roleId === ROLE_ADMIN),
    isFieldOrganizer: fieldOrganizerChapters.length > 0,
    isChapterHost: chapterHostChapters.length > 0,
    chapterHostChapters,
    fieldOrganizerChapters,
    hasChapters: chapterHostChapters.length + fieldOrganizerChapters.length > 0,
  };
}

/** Another person as shown in lists (hosts, note authors): name and email only. */
export function presentUserRef(user: Pick<User, "id" | "name" | "email"> | null | undefined) {
  return user ? { id: user.id, name: user.name, email: user.email } : null;
}
