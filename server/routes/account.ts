import type Router from "@koa/router";
import type { Context } from "koa";
import type { QueryBuilder } from "objection";
import { deleteAccountSchema, MY_DATA_LIST_LIMIT, myDataFileName, type MyData } from "../contracts/account";
import { ApiError, jsonRequired } from "../errors";
import { verifyPassword } from "../auth/passwords";
import { clearSessionCookies } from "../auth/session";
import { beginSignIn, signInSucceeded } from "../auth/signInThrottle";
import { deleteAccount } from "../commands/deleteAccount";
import { rateLimited, waitText } from "../lib/rateLimits";
import { parse } from "../lib/validate";
import { ActivityFeedItem } from "../models/ActivityFeedItem";
import type { BaseModel } from "../models/BaseModel";
import { Chapter } from "../models/Chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { ChapterNote } from "../models/ChapterNote";
import { ListMessage } from "../models/ListMessage";
import { MailingListContact } from "../models/MailingListContact";
import { MeetupConfirmation } from "../models/MeetupConfirmation";
import { Permission } from "../models/Permission";
import { Rsvp } from "../models/Rsvp";
import { Session } from "../models/Session";
import type { User } from "../models/User";
import { requireViewer } from "../policies/authorize";
import { presentMyData, type MyDataRecords } from "../presenters/myData";
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

/** The newest MY_DATA_LIST_LIMIT rows of one list of the person's records; a longer list is named in `truncated`. */
async function newest<M extends BaseModel>(list: string, query: QueryBuilder<M, M[]>, truncated: MyData["truncated"]): Promise<M[]> {
  const rows = await query
    .clone()
    .orderBy([
      { column: "createdAt", order: "desc" },
      { column: "id", order: "desc" },
    ])
    .limit(MY_DATA_LIST_LIMIT + 1);
  if (rows.length <= MY_DATA_LIST_LIMIT) return rows;
  truncated.push({ list, shown: MY_DATA_LIST_LIMIT, total: await query.resultSize() });
  return rows.slice(0, MY_DATA_LIST_LIMIT);
}

const idsOf = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id != null))];

/** Every record of the person the download holds (presenters/myData.ts picks what leaves the server). */
async function readMyData(user: User, currentSessionId: string | undefined): Promise<MyDataRecords> {
  const truncated: MyData["truncated"] = [];
  const mine = { userId: user.id };
  const [permissions, applications, contacts, notes, activity, listEmails, confirmations, rsvps, sessions] = await Promise.all([
    Permission.query().where(mine).orderBy("id"),
    ChapterHostApplication.query().where(mine).orderBy("id"),
    MailingListContact.query().where({ email: user.email }).orderBy("id"),
    newest("chapterNotes", ChapterNote.query().where(mine), truncated),
    newest("activity", ActivityFeedItem.query().where(mine), truncated),
    newest("listEmails", ListMessage.query().where(mine), truncated),
    newest("meetupConfirmations", MeetupConfirmation.query().where(mine), truncated),
    newest("rsvps", Rsvp.ofPerson(user), truncated),
    newest("sessions", Session.query().where(mine), truncated),
  ]);
  const eventIds = idsOf([...confirmations, ...rsvps].map((c) => c.chapterEventId));
  const events = new Map((eventIds.length ? await ChapterEvent.query().whereIn("id", eventIds).select("id", "name", "chapterId") : []).map((e) => [e.id, e]));
  const chapterIds = idsOf([permissions, contacts, notes, activity, listEmails, [...events.values()]].flat().map((r) => r.chapterId));
  const chapters = new Map((chapterIds.length ? await Chapter.query().whereIn("id", chapterIds) : []).map((c) => [c.id, c]));
  truncated.sort((a, b) => a.list.localeCompare(b.list));
  return {
    user,
    permissions,
    applications,
    contacts,
    notes,
    activity,
    listEmails,
    confirmations,
    rsvps,
    sessions,
    currentSessionId,
    events,
    chapters,
    truncated,
  };
}

/** People own their data (issue 32): the signed-in person downloads what the site keeps about them, or deletes it. */
export function accountRoutes(router: Router, s: Services) {
  router.get("/auth/my_data", async (ctx) => {
    const user = signedInUser(ctx);
    const records = await readMyData(user, ctx.state.sessionId);
    const now = new Date();
    ctx.attachment(myDataFileName(now.toISOString().slice(0, 10)));
    ctx.type = "application/json";
    ctx.body = JSON.stringify(presentMyData(records, now), null, 2);
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
