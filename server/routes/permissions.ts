import type Router from "@koa/router";
import { z } from "zod";
import { badRequest, notFound } from "../errors";
import { Permission } from "../models/Permission";
import { User } from "../models/User";
import { CHAPTER_ROLES } from "../contracts/roles";
import { idSchema, intParam, parse } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { grantChapterRole, removeChapterRole } from "../commands/permissions";
import { presentPermission } from "../presenters/chapterAdmin";

export const grantSchema = z.object({
  userId: idSchema("userId", "userId is required"),
  roleId: z.number({ error: "roleId is required" }).refine((n) => CHAPTER_ROLES.includes(n), "roleId must be 2 (Field Organizer) or 3 (Chapter Host)"),
});

/** The spec posts "a permission": its id is what matters. */
export const permissionDeleteSchema = z.object({ id: idSchema("id", "id is required") });

/**
 * Chapter hosts and field organizers (spec 001 section 7): hosts of the chapter may list them; only
 * admins may grant or remove them. Admin rights (role 1) are not managed here.
 */
export function permissionRoutes(router: Router) {
  // Registered before /permission/:chapterId so "delete" is never read as a chapter id.
  router.post("/permission/delete", async (ctx) => {
    const viewer = requireViewer(ctx);
    authorize(viewer, chapterPolicy.managePermissions, null);
    const { id } = parse(permissionDeleteSchema, ctx.request.body);
    const permission = await Permission.query().findById(id).withGraphFetched("[user, chapter]");
    if (!permission) throw notFound("Permission");
    if (permission.chapterId == null || !CHAPTER_ROLES.includes(permission.roleId)) {
      throw badRequest("Only chapter host and field organizer permissions can be removed here", "id");
    }
    await removeChapterRole(viewer, permission);
    ctx.body = { result: "success", id };
  });

  router.get("/permission/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.chapterId, "chapterId"));
    authorize(viewer, chapterPolicy.host, chapter);
    const permissions = await Permission.query()
      .where({ chapterId: chapter.id })
      .whereIn("roleId", CHAPTER_ROLES)
      .withGraphFetched("[user, role]")
      .orderBy([
        { column: "createdAt", order: "asc" },
        { column: "id", order: "asc" },
      ]);
    ctx.body = permissions.map(presentPermission);
  });

  router.post("/permission/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapterId = intParam(ctx.params.chapterId, "chapterId");
    const { userId, roleId } = parse(grantSchema, ctx.request.body);
    const chapter = await findChapter(chapterId);
    authorize(viewer, chapterPolicy.managePermissions, chapter);
    const user = await User.query().findById(userId);
    if (!user) throw notFound("User");
    // Granting a role the user already has changes nothing and answers the existing permission (200).
    const existing = await Permission.query().findOne({ userId, roleId, chapterId });
    if (existing) {
      existing.user = user;
      ctx.body = presentPermission(existing);
      return;
    }
    const permission = await grantChapterRole(viewer, chapter, user, roleId);
    permission.user = user;
    ctx.status = 201;
    ctx.body = presentPermission(permission);
  });
}
