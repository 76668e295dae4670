import type Router from "@koa/router";
import { z } from "zod";
import { Chapter } from "../models/Chapter";
import { Permission } from "../models/Permission";
import { User } from "../models/User";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { notFound } from "../errors";
import { intParam, parse } from "../lib/validate";
import { authorize } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { recordActivity } from "../commands/activity";
import { displayTitle } from "../contracts/chapter";
import { presentPermission } from "../presenters/siteAdmin";
import type { Services } from "../services";

const grantSchema = z.object({
  userId: z.number({ error: "userId must be a user id" }).int().positive(),
  roleId: z.union([z.literal(ROLE_FIELD_ORGANIZER), z.literal(ROLE_CHAPTER_HOST)], { error: "roleId must be 2 (Field Organizer) or 3 (Chapter Host)" }),
});

const ROLE_NAMES: Record<number, string> = { 2: "Field Organizer", 3: "Chapter Host" };

/** POST /api/permission/{chapterId} {userId, roleId}: makes a user chapter host or field organizer (admins only). */
export function permissionRoutes(router: Router, _s: Services) {
  router.post("/permission/:chapterId", async (ctx, next) => {
    // POST /api/permission/delete is a different endpoint: leave non-numeric ids to it.
    if (!/^\d+$/.test(ctx.params.chapterId)) return next();
    const viewer = ctx.state.viewer;
    authorize(viewer, chapterPolicy.managePermissions, null);
    const chapterId = intParam(ctx.params.chapterId, "chapterId");
    const { userId, roleId } = parse(grantSchema, ctx.request.body);
    const chapter = await Chapter.query().findById(chapterId);
    if (!chapter) throw notFound("Chapter");
    const user = await User.query().findById(userId);
    if (!user) throw notFound("User");
    const permission = await Permission.transaction(async (trx) => {
      const existing = await Permission.query(trx).findOne({ userId, roleId, chapterId });
      if (existing) return existing;
      const row = await Permission.query(trx).insert({ userId, roleId, chapterId });
      await recordActivity({ type: "permission", title: `${user.name} is now ${ROLE_NAMES[roleId]} of ${displayTitle(chapter)}`, userId: viewer.id, chapterId, objectId: user.id }, trx);
      return row;
    });
    ctx.status = 201;
    ctx.body = presentPermission(Object.assign(permission, { user }));
  });
}
