import type Router from "@koa/router";
import type { Context } from "koa";
import { deleteAccountSchema, myDataFileName } from "../contracts/account";
import { ApiError, jsonRequired } from "../errors";
import { verifyPassword } from "../auth/passwords";
import { clearSessionCookies } from "../auth/session";
import { beginSignIn, signInSucceeded } from "../auth/signInThrottle";
import { deleteAccount } from "../commands/deleteAccount";
import { rateLimited, waitText } from "../lib/rateLimits";
import { parse } from "../lib/validate";
import { Chapter } from "../models/Chapter";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { MailingListContact } from "../models/MailingListContact";
import { Permission } from "../models/Permission";
import type { User } from "../models/User";
import { requireViewer } from "../policies/authorize";
import { presentMyData } from "../presenters/myData";
import type { Services } from "../services";

export const WRONG_PASSWORD = "That password is not right: enter the password you sign in with.";

/** The account of the caller's session (the row with its hash, as the session loaded it). */
function signedInUser(ctx: Context): User {
  requireViewer(ctx);
  return ctx.state.user!;
}

/**
 * The password of the signed-in account, asked again before it is deleted. Counted like a sign-in
 * (signInThrottle.ts): a stolen session cannot guess the password here faster than at the sign-in form.
 */
async function confirmPassword(ctx: Context, user: User, password: string): Promise<void> {
  const attempt = await beginSignIn(user.email, ctx.ip);
  if (attempt.waitSeconds) {
    throw rateLimited(ctx, attempt.waitSeconds, `Too many wrong passwords. Please wait ${waitText(attempt.waitSeconds)} and try again.`);
  }
  if (!(await verifyPassword(password, user.passwordHash, user.legacyLongPassword))) throw new ApiError(400, "wrong_password", WRONG_PASSWORD, "password");
  await signInSucceeded(attempt);
}

/** People own their data (issue 32): the signed-in person downloads what the site keeps about them, or deletes it. */
export function accountRoutes(router: Router, s: Services) {
  router.get("/auth/my_data", async (ctx) => {
    const user = signedInUser(ctx);
    const [permissions, applications, contacts] = await Promise.all([
      Permission.query().where({ userId: user.id }).orderBy("id"),
      ChapterHostApplication.query().where({ userId: user.id }).orderBy("id"),
      MailingListContact.query().where({ email: user.email }).orderBy("id"),
    ]);
    const chapterIds = [...new Set([...permissions.map((p) => p.chapterId), ...contacts.map((c) => c.chapterId)].filter((id): id is number => id != null))];
    const chapters = new Map((chapterIds.length ? await Chapter.query().whereIn("id", chapterIds) : []).map((c) => [c.id, c]));
    const now = new Date();
    ctx.attachment(myDataFileName(now.toISOString().slice(0, 10)));
    ctx.type = "application/json";
    ctx.body = JSON.stringify(presentMyData({ user, permissions, applications, contacts, chapters }, now), null, 2);
  });

  router.post("/auth/delete_account", async (ctx) => {
    const user = signedInUser(ctx);
    if (!ctx.is("application/json")) throw jsonRequired("account deletion");
    const input = parse(deleteAccountSchema, ctx.request.body);
    await confirmPassword(ctx, user, input.password);
    await deleteAccount(s, user, { leaveLists: input.leaveLists });
    clearSessionCookies(ctx, ctx.state.sessionOptions);
    ctx.body = { result: "ok" };
  });
}
