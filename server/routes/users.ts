import type Router from "@koa/router";
import { z } from "zod";
import { User } from "../models/User";
import { parse } from "../lib/validate";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { MIN_SEARCH_LENGTH, USER_LIST_LIMIT } from "../contracts/chapterAdmin";
import { presentUserListItem } from "../presenters/chapterAdmin";
import type { Services } from "../services";

const searchSchema = z.object({
  search: z
    .string({ error: "search is required" })
    .trim()
    .min(MIN_SEARCH_LENGTH, `Please enter at least ${MIN_SEARCH_LENGTH} characters to search`)
    .max(200, "search must be at most 200 characters"),
});

/** Users (spec 001 section 7), admins only. */
export function userRoutes(router: Router, s: Services) {
  /** POST /api/user/search {search}: by name or email, case-insensitive, at most 300, by name. */
  router.post("/user/search", async (ctx) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    const { search } = parse(searchSchema, ctx.request.body);
    const like = `%${search.toLowerCase().replace(/[%_\\]/g, (m) => "\\" + m)}%`;
    const users = await User.query()
      .where((w) => w.whereRaw("lower(name) like ? escape '\\'", [like]).orWhereRaw("lower(email) like ? escape '\\'", [like]))
      .withGraphFetched("permissions")
      .orderBy([{ column: "name", order: "asc" }, { column: "id", order: "asc" }])
      .limit(USER_LIST_LIMIT);
    ctx.body = users.map(presentUserListItem);
  });

  void s;
}
