import type { User } from "../models/User";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";

/** The signed-in caller as policies see it. */
export interface Viewer {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  /** chapterId -> role ids the viewer holds on it */
  chapterRoles: Map<number, Set<number>>;
}

export function viewerFromUser(user: User): Viewer {
  const chapterRoles = new Map<number, Set<number>>();
  let isAdmin = false;
  for (const p of user.permissions ?? []) {
    if (p.roleId === ROLE_ADMIN) isAdmin = true;
    if (p.chapterId != null && (p.roleId === ROLE_FIELD_ORGANIZER || p.roleId === ROLE_CHAPTER_HOST)) {
      if (!chapterRoles.has(p.chapterId)) chapterRoles.set(p.chapterId, new Set());
      chapterRoles.get(p.chapterId)!.add(p.roleId);
    }
  }
  return { id: user.id, name: user.name, email: user.email, isAdmin, chapterRoles };
}

export function hasRoleOn(viewer: Viewer | null, chapterId: number, roleId: number): boolean {
  return Boolean(viewer?.chapterRoles.get(chapterId)?.has(roleId));
}

export function chaptersWithRole(viewer: Viewer, roleId: number): number[] {
  return [...viewer.chapterRoles.entries()].filter(([, roles]) => roles.has(roleId)).map(([id]) => id);
}
