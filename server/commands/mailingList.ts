import type { Knex } from "knex";
import { z } from "zod";
import { displayTitle } from "../contracts/chapter";
import { multiLine, singleLine } from "../contracts/text";
import type { Chapter } from "../models/Chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { ListMessage } from "../models/ListMessage";
import { MailingListContact } from "../models/MailingListContact";
import { User } from "../models/User";
import { makeSlug } from "../lib/slug";
import { emailSchema } from "../lib/validate";
import { notFound } from "../errors";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import { addContact, setContactStatus, SENDABLE_STATUS } from "../mailingLists/contacts";
import { readPastedAddresses } from "../mailingLists/pastedAddresses";
import { JOB_SEND_BATCH } from "../mailingLists/jobNames";
import { recordActivity } from "./activity";
import { reviveOnListEmail } from "./chapterHealth";
import { enqueueListWelcome } from "./listWelcome";

/** A visitor joins a chapter's list: stored first, handed to the provider by a job in the same transaction. */
export async function signUpToList(s: Services, chapter: Chapter, email: string, viewer: Viewer | null) {
  return s.knex.transaction(async (trx) => {
    const { contact, changed } = await addContact(s, chapter.id, email, trx);
    if (changed) {
      await recordActivity(
        { type: "mailing_list", title: `${email} joined the mailing list`, userId: viewer?.id ?? null, chapterId: chapter.id, objectId: contact.id },
        trx,
      );
      await enqueueListWelcome(s, contact.id, trx);
    }
    return contact;
  });
}

const single = emailSchema;

/**
 * A host adds many addresses at once, pasted as people write them (pastedAddresses.ts): valid ones are added,
 * those already on the list are counted apart, and what is not valid is reported back as typed (the screen
 * leaves it in the box). Member records hold no names, so a name pasted with an address is only read past.
 */
export async function signUpMany(s: Services, chapter: Chapter, input: string | string[], viewer: Viewer) {
  const seen = new Set<string>();
  const results: { email: string; isError: boolean; errorString: string }[] = [];
  const valid: string[] = [];
  for (const entry of readPastedAddresses(input)) {
    const parsed = entry.email === null ? null : single.safeParse(entry.email);
    if (!parsed?.success) {
      results.push({ email: entry.typed, isError: true, errorString: `${entry.typed} is not a valid email address` });
      continue;
    }
    if (seen.has(parsed.data)) continue;
    seen.add(parsed.data);
    valid.push(parsed.data);
    results.push({ email: parsed.data, isError: false, errorString: "" });
  }
  const alreadyMembers: string[] = [];
  await s.knex.transaction(async (trx) => {
    for (const email of valid) if (!(await addContact(s, chapter.id, email, trx, "host")).changed) alreadyMembers.push(email);
    const added = valid.length - alreadyMembers.length;
    if (added) {
      await recordActivity(
        {
          type: "mailing_list",
          title: `${added} member${added === 1 ? "" : "s"} added to the mailing list`,
          note: valid
            .filter((e) => !alreadyMembers.includes(e))
            .slice(0, 20)
            .join(", "),
          userId: viewer.id,
          chapterId: chapter.id,
        },
        trx,
      );
    }
  });
  return { results, added: valid.length - alreadyMembers.length, alreadyMembers, invalid: results.filter((r) => r.isError).map((r) => r.email) };
}

/** A host deletes a member: kept (dimmed in the list) with status deleted, and taken off the provider's list. */
export async function deleteContact(s: Services, chapter: Chapter, email: string, viewer: Viewer) {
  return s.knex.transaction(async (trx) => {
    const contact = await MailingListContact.query(trx).findOne({ chapterId: chapter.id, email });
    if (!contact) throw notFound("Contact");
    if (await setContactStatus(s, contact, "deleted", trx)) {
      await recordActivity(
        { type: "mailing_list", title: `${email} removed from the mailing list`, userId: viewer.id, chapterId: chapter.id, objectId: contact.id },
        trx,
      );
    }
    return contact;
  });
}

/** Someone follows the unsubscribe link (or their mail client's one-click unsubscribe). */
export async function unsubscribeByToken(s: Services, token: string) {
  return s.knex.transaction(async (trx) => {
    const contact = await MailingListContact.query(trx).findOne({ unsubscribeToken: token });
    if (!contact) throw notFound("Subscription");
    if (contact.status === "active" || contact.status === "onboarding" || contact.status === "unconfirmed" || contact.status === "transactional") {
      await setContactStatus(s, contact, "unsub", trx);
      await recordActivity(
        {
          type: "mailing_list",
          title: `${contact.email} unsubscribed from the mailing list`,
          userId: null,
          chapterId: contact.chapterId,
          objectId: contact.id,
        },
        trx,
      );
      contact.status = "unsub";
    }
    return contact;
  });
}

export const sendMessageSchema = z.object({
  title: singleLine(z.string({ error: "Title is Required" }).trim().min(1, "Title is Required").max(300, "Title must be at most 300 characters"), "Title"),
  body: multiLine(z.string({ error: "body must be text" }).max(200_000, "The message is too long"), "The message").default(""),
  listId: z.union([z.string(), z.number()], { error: "listId is required" }).transform(String),
});

/**
 * A host emails the chapter's list: the email becomes a chapter post, a list message with its progress, an
 * activity item and the first batch job, all in one transaction. Sending happens in the background.
 */
export async function sendListMessage(s: Services, chapter: Chapter, input: { title: string; body: string }, viewer: Viewer, outer?: Knex.Transaction) {
  const send = async (trx: Knex.Transaction) => {
    const post = await ChapterBlogPost.query(trx).insert({
      chapterId: chapter.id,
      userId: viewer.id,
      title: input.title,
      slug: makeSlug(input.title),
      body: input.body,
    });
    const total = await MailingListContact.query(trx).where({ chapterId: chapter.id, status: SENDABLE_STATUS }).whereNull("deletedAt").resultSize();
    const message = await ListMessage.query(trx).insert({
      chapterId: chapter.id,
      chapterBlogPostId: post.id,
      userId: viewer.id,
      title: input.title,
      body: input.body,
      status: "queued",
      total,
      sent: 0,
      failed: 0,
    });
    await s.jobs.enqueue(JOB_SEND_BATCH, { messageId: message.id, cursor: 0 }, { trx, maxAttempts: 30 });
    await recordActivity(
      {
        type: "chapter_email",
        title: `Email sent to ${displayTitle(chapter)}: ${input.title}`,
        note: `${total} recipient${total === 1 ? "" : "s"}`,
        userId: viewer.id,
        chapterId: chapter.id,
        objectId: post.slug,
      },
      trx,
    );
    // A chapter the health rule made dormant is back on the map as soon as it emails its list.
    await reviveOnListEmail(s, chapter, viewer, trx);
    message.chapterBlogPost = post;
    message.user = Object.assign(new User(), { id: viewer.id, name: viewer.name });
    return message;
  };
  return outer ? send(outer) : s.knex.transaction(send);
}
