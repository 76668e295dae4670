import type { Knex } from "knex";
import { FORMER_MEMBER } from "../contracts/account";
import { displayTitle } from "../contracts/chapter";
import { ApiError } from "../errors";
import { isPostgres } from "../db";
import { ActivityFeedItem } from "../models/ActivityFeedItem";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { MailingListContact, type ContactStatus } from "../models/MailingListContact";
import { Permission } from "../models/Permission";
import { Rsvp } from "../models/Rsvp";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST } from "../models/Role";
import { Session } from "../models/Session";
import { User } from "../models/User";
import { setContactStatus } from "../mailingLists/contacts";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { lockAdminRoles } from "./adminRole";

export const onlyHostMessage = (chapterTitle: string) =>
  `You are the only host of ${chapterTitle}. Make someone else a host of it, or ask an admin to, before you delete your account.`;
export const LAST_ADMIN_MESSAGE = "You are the only admin of the network. Make someone else an admin before you delete your account.";

/** The statuses of a contact still on a list: leaving turns them into unsub, as the unsubscribe link does. */
const ON_LIST: ContactStatus[] = ["active", "onboarding", "unconfirmed", "transactional"];

/**
 * Deletes an account, in one transaction: refused (409) while the person is the only host of an active chapter or
 * the network's only admin. Their roles and sessions go, then the row itself; the tables that point at users keep
 * their rows without the link (SET NULL: notes, posts, list emails) or lose the person's own rows with it (CASCADE:
 * host applications, notes about them, reset links, meetup confirmations); their answers to meetups go too,
 * those given with their address included. Activity items keep their history with
 * "a former member" in place of the name and email. With `leaveLists`, every list membership of their address is
 * unsubscribed (and mirrored to the list provider).
 */
export async function deleteAccount(s: Services, user: User, opts: { leaveLists: boolean }): Promise<void> {
  await s.knex.transaction(async (trx) => {
    await refuseWhileNeeded(user.id, trx);
    const contacts = await MailingListContact.query(trx).where({ email: user.email });
    if (opts.leaveLists) for (const contact of contacts) await leaveList(s, contact, trx);
    await forgetInActivity(user, contacts, trx);
    await Rsvp.ofPerson(user, trx).delete();
    await Permission.query(trx).delete().where({ userId: user.id });
    await Session.query(trx).delete().where({ userId: user.id });
    await User.query(trx).deleteById(user.id);
  });
}

/** Refuses while a chapter or the network would be left without anyone to run it. */
async function refuseWhileNeeded(userId: number, trx: Knex.Transaction): Promise<void> {
  const hosted = await Permission.query(trx).where({ userId, roleId: ROLE_CHAPTER_HOST }).whereNotNull("chapterId");
  const chapterIds = hosted.map((p) => p.chapterId!).sort((a, b) => a - b);
  if (chapterIds.length) {
    // Locked in id order: two co-hosts deleting their accounts at once do not both leave the chapter.
    const query = Chapter.query(trx).whereIn("id", chapterIds).where({ status: CHAPTER_ACTIVE }).orderBy("id");
    if (isPostgres(trx)) query.forUpdate();
    for (const chapter of await query) {
      const otherHosts = await Permission.query(trx).where({ chapterId: chapter.id, roleId: ROLE_CHAPTER_HOST }).whereNot({ userId }).resultSize();
      if (!otherHosts) throw new ApiError(409, "only_host", onlyHostMessage(displayTitle(chapter)));
    }
  }
  // Under the admin roles' lock: an admin removed from the screen at the same moment cannot leave none (adminRole.ts).
  await lockAdminRoles(trx);
  const isAdmin = await Permission.query(trx).findOne({ userId, roleId: ROLE_ADMIN });
  if (isAdmin && !(await Permission.query(trx).where({ roleId: ROLE_ADMIN }).whereNot({ userId }).resultSize())) {
    throw new ApiError(409, "last_admin", LAST_ADMIN_MESSAGE);
  }
}

async function leaveList(s: Services, contact: MailingListContact, trx: Knex.Transaction): Promise<void> {
  if (!ON_LIST.includes(contact.status)) return;
  await setContactStatus(s, contact, "unsub", trx);
  await recordActivity(
    { type: "mailing_list", title: "A former member left the mailing list", userId: null, chapterId: contact.chapterId, objectId: contact.id },
    trx,
  );
}

/**
 * The activity items that name or link the person: theirs (userId), about them (a role or a note: objectId is
 * their id), about their host applications or list memberships, and any that spell out their address.
 */
async function forgetInActivity(user: User, contacts: MailingListContact[], trx: Knex.Transaction): Promise<void> {
  const slugs = (await ChapterHostApplication.query(trx).where({ userId: user.id }).select("slug")).map((a) => a.slug);
  const contactIds = contacts.map((c) => String(c.id));
  const items = await ActivityFeedItem.query(trx).where((q) =>
    q
      .where({ userId: user.id })
      .orWhere((o) => o.whereIn("type", ["permission", "user_note"]).where({ objectId: String(user.id) }))
      .orWhere((o) => o.whereIn("type", ["host_application", "application_note"]).whereIn("objectId", slugs))
      .orWhere((o) => o.where({ type: "mailing_list" }).whereIn("objectId", contactIds))
      .orWhere("title", "like", `%${user.email}%`)
      .orWhere("note", "like", `%${user.email}%`),
  );
  const names = [user.email, user.name];
  for (const item of items) {
    const title = withoutPerson(item.title, names);
    const note = withoutPerson(item.note, names);
    const userId = item.userId === user.id ? null : item.userId;
    if (title !== item.title || note !== item.note || userId !== item.userId)
      await ActivityFeedItem.query(trx).patch({ title, note, userId }).findById(item.id);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (c) => "\\" + c);

/** The text with each whole-word mention of the names replaced by "a former member" ("A former member" first). */
export function withoutPerson(text: string, names: string[]): string {
  let out = text;
  for (const name of names) {
    if (!name.trim()) continue;
    const mention = new RegExp(`(?<![\\p{L}\\p{N}@._+-])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "giu");
    out = out.replace(mention, (_match: string, offset: number) => (offset === 0 ? "A former member" : FORMER_MEMBER));
  }
  return out;
}
