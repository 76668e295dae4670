import { Permission } from "../models/Permission";
import type { Chapter } from "../models/Chapter";
import type { User } from "../models/User";
import { displayTitle } from "../contracts/chapter";
import { ROLE_NAMES } from "../contracts/roles";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";

/** Makes `user` chapter host or field organizer of `chapter` and records it, in one transaction. */
export async function grantChapterRole(viewer: Viewer, chapter: Chapter, user: User, roleId: number): Promise<Permission> {
  return Permission.transaction(async (trx) => {
    const created = await Permission.query(trx).insertAndFetch({ userId: user.id, roleId, chapterId: chapter.id });
    await recordActivity(
      {
        type: "permission",
        title: `${user.name} is now ${ROLE_NAMES[roleId]} of ${displayTitle(chapter)}`,
        userId: viewer.id,
        chapterId: chapter.id,
        objectId: user.id,
      },
      trx,
    );
    return created;
  });
}

/** Removes a chapter role (a permission loaded with its user and chapter) and records it, in one transaction. */
export async function removeChapterRole(viewer: Viewer, permission: Permission): Promise<void> {
  await Permission.transaction(async (trx) => {
    await Permission.query(trx).deleteById(permission.id);
    await recordActivity(
      {
        type: "permission",
        title: `${permission.user!.name} is no longer ${ROLE_NAMES[permission.roleId]} of ${displayTitle(permission.chapter!)}`,
        userId: viewer.id,
        chapterId: permission.chapterId,
        objectId: permission.userId,
      },
      trx,
    );
  });
}
