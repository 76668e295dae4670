import type { Transaction } from "objection";
import { isPostgres } from "../db";
import { ApiError } from "../errors";
import { LAST_ADMIN_ERROR_ID } from "../contracts/siteAdmin";
import { Permission } from "../models/Permission";
import { ROLE_ADMIN } from "../models/Role";
import { User } from "../models/User";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";

/** The refusal to leave the network without an admin (409, errorId `last_admin`). */
const lastAdmin = (name: string) =>
  new ApiError(409, LAST_ADMIN_ERROR_ID, `${name} is the only admin: the network must keep at least one admin, so make someone else an admin first`, "isAdmin");

/**
 * Takes the lock every change of admin roles holds until its transaction ends (on Postgres a transaction-scoped
 * advisory lock; on SQLite the single connection's transaction already excludes the others), so that a count of
 * admins and the removal that depends on it cannot interleave with another.
 */
export async function lockAdminRoles(trx: Transaction): Promise<void> {
  if (isPostgres(trx)) await trx.raw("select pg_advisory_xact_lock(hashtext('chapterhouse admin roles'))");
}

/**
 * Makes `user` an admin or removes that, and records it in the activity feed, in one transaction. Removing the
 * last admin is refused; under `lockAdminRoles`, of two admins removed at once, one stays. Asking for what the user
 * already has changes nothing. Answers the user with their permissions.
 */
export async function setAdminRole(viewer: Viewer, user: User, isAdmin: boolean): Promise<User> {
  return Permission.transaction(async (trx) => {
    await lockAdminRoles(trx);
    const held = await Permission.query(trx).where({ userId: user.id, roleId: ROLE_ADMIN }).resultSize();
    if (isAdmin && held === 0) {
      await Permission.query(trx).insert({ userId: user.id, roleId: ROLE_ADMIN, chapterId: null });
      await recordActivity({ type: "permission", title: `${user.name} is now an Admin`, adminOnly: true, userId: viewer.id, objectId: user.id }, trx);
    } else if (!isAdmin && held > 0) {
      const [{ admins }] = (await Permission.query(trx).where({ roleId: ROLE_ADMIN }).countDistinct({ admins: "userId" })) as unknown as Array<{
        admins: number | string;
      }>;
      if (Number(admins) <= 1) throw lastAdmin(user.name);
      await Permission.query(trx).where({ userId: user.id, roleId: ROLE_ADMIN }).delete();
      await recordActivity({ type: "permission", title: `${user.name} is no longer an Admin`, adminOnly: true, userId: viewer.id, objectId: user.id }, trx);
    }
    return (await User.query(trx).findById(user.id).withGraphFetched("permissions"))!;
  });
}
