import type Router from "@koa/router";
import { User } from "../models/User";
import { UserNote } from "../models/UserNote";
import { Chapter } from "../models/Chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { notFound } from "../errors";
import { intParam, parse } from "../lib/validate";
import { requireAdmin } from "../policies/authorize";
import { addUserNote } from "../commands/notes";
import { containsPattern } from "../lib/search";
import { pageOf, readPage } from "../lib/paging";
import { NOTES_PAGE_SIZE } from "../contracts/paging";
import { USER_LIST_LIMIT, type AdminUserDetail, type UserChapterInfo, type UserRoleFilter } from "../contracts/siteAdmin";
import { adminRoleBodySchema, userRoleQuerySchema, userSearchSchema } from "../contracts/adminRequests";
import { setAdminRole } from "../commands/adminRole";
import type { QueryBuilder } from "objection";
import { presentChapterRef, presentNote, presentUserRow } from "../presenters/siteAdmin";
import type { Services } from "../services";
import { userNoteBodySchema } from "../contracts/notes";

/** Last post date of each chapter (chapter_blog_posts: every email to the list is kept as one). */
async function lastPostDates(chapterIds: number[]): Promise<Map<number, string>> {
  if (!chapterIds.length) return new Map();
  const rows = (await ChapterBlogPost.query()
    .whereIn("chapterId", chapterIds)
    .groupBy("chapterId")
    .select("chapterId")
    .max("createdAt as last")) as unknown as Array<{ chapterId: number; last: string | Date | null }>;
  return new Map(rows.filter((r) => r.last).map((r) => [r.chapterId, r.last instanceof Date ? r.last.toISOString() : new Date(String(r.last)).toISOString()]));
}

const ROLE_IDS: Record<Exclude<UserRoleFilter, "none">, number> = { admin: ROLE_ADMIN, host: ROLE_CHAPTER_HOST, fieldOrganizer: ROLE_FIELD_ORGANIZER };

/** Keeps the users holding `role` anywhere (or no role at all, for "none"): one semi-join, no query per user. */
function withRole(query: QueryBuilder<User, User[]>, role: UserRoleFilter | undefined): QueryBuilder<User, User[]> {
  if (!role) return query;
  if (role === "none") return query.whereNotExists(User.relatedQuery("permissions"));
  return query.whereExists(User.relatedQuery("permissions").where("roleId", ROLE_IDS[role]));
}

/** Site admin user management (spec 001: Users, user detail, user notes). Admins only. */
export function adminUserRoutes(router: Router, _s: Services) {
  router.get("/user/count", async (ctx) => {
    requireAdmin(ctx);
    ctx.body = { count: await User.query().resultSize() };
  });

  /** The accounts newest first, 300 a page (`page`, `limit`), of one role when `role` is given. */
  router.get("/user/all", async (ctx) => {
    requireAdmin(ctx);
    const page = readPage(ctx.query, USER_LIST_LIMIT);
    const { role } = parse(userRoleQuerySchema, ctx.query);
    const users = await pageOf(withRole(User.query(), role).withGraphFetched("permissions").orderBy("createdAt", "desc").orderBy("id", "desc"), page);
    ctx.body = users.map(presentUserRow);
  });

  /** Name or email contains the search text (case-insensitive), at most 300; of one role when `?role=` is given. */
  router.post("/user/search", async (ctx) => {
    requireAdmin(ctx);
    const page = readPage(ctx.query, USER_LIST_LIMIT);
    const { role } = parse(userRoleQuerySchema, ctx.query);
    const { search } = parse(userSearchSchema, ctx.request.body);
    const like = containsPattern(search);
    const users = await withRole(User.query(), role)
      .where((w) => w.whereRaw("lower(name) like ? escape '\\'", [like]).orWhereRaw("lower(email) like ? escape '\\'", [like]))
      .withGraphFetched("permissions")
      .orderBy("name")
      .orderBy("id")
      .offset(page.offset)
      .limit(page.limit);
    ctx.body = users.map(presentUserRow);
  });

  router.get("/user/user/:id", async (ctx) => {
    requireAdmin(ctx);
    const user = await User.query().findById(intParam(ctx.params.id)).withGraphFetched("permissions");
    if (!user) throw notFound("User");
    const perms = user.permissions ?? [];
    const chapterIds = [...new Set(perms.filter((p) => p.chapterId != null).map((p) => p.chapterId!))];
    const chapters = new Map((chapterIds.length ? await Chapter.query().whereIn("id", chapterIds) : []).map((c) => [c.id, c]));
    const lastDates = await lastPostDates(chapterIds);
    const chaptersWith = (roleId: number): UserChapterInfo[] =>
      perms
        .filter((p) => p.roleId === roleId && p.chapterId != null && chapters.has(p.chapterId))
        .map((p) => chapters.get(p.chapterId!)!)
        .map((c) => ({ ...presentChapterRef(c), lastBlogPostDate: lastDates.get(c.id) ?? null }))
        .sort((a, b) => a.displayTitle.toLowerCase().localeCompare(b.displayTitle.toLowerCase()));
    const chapterHostChapters = chaptersWith(ROLE_CHAPTER_HOST);
    const fieldOrganizerChapters = chaptersWith(ROLE_FIELD_ORGANIZER);
    const body: AdminUserDetail = {
      ...presentUserRow(user),
      isChapterHost: chapterHostChapters.length > 0,
      isFieldOrganizer: fieldOrganizerChapters.length > 0,
      chapterHostChapters,
      fieldOrganizerChapters,
    };
    ctx.body = body;
  });

  /** Makes the user an admin or removes that (`{ isAdmin }`); the last admin stays (409). Answers the user's row. */
  router.put("/user/admin/:id", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const id = intParam(ctx.params.id);
    const { isAdmin } = parse(adminRoleBodySchema, ctx.request.body);
    const user = await User.query().findById(id);
    if (!user) throw notFound("User");
    ctx.body = presentUserRow(await setAdminRole(viewer, user, isAdmin));
  });

  /** Notes about a user, newest first. */
  router.get("/user_note/user/:userId", async (ctx) => {
    requireAdmin(ctx);
    const aboutUserId = intParam(ctx.params.userId, "userId");
    const page = readPage(ctx.query, NOTES_PAGE_SIZE);
    const notes = await pageOf(UserNote.query().where({ aboutUserId }).withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc"), page);
    ctx.body = notes.map(presentNote);
  });

  router.post("/user_note", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { note, aboutUserId } = parse(userNoteBodySchema, ctx.request.body);
    const about = await User.query().findById(aboutUserId);
    if (!about) throw notFound("User");
    const saved = await addUserNote(viewer, about, note);
    ctx.status = 201;
    ctx.body = { ...presentNote({ ...saved, user: await User.query().findById(viewer.id) }), aboutUserId };
  });
}
