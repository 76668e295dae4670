import type { Knex } from "knex";
import { chapterName, chapterPageMeetups, normalizeState } from "../contracts/chapter";
import { meetupLine } from "../contracts/pageHead";
import { Chapter } from "../models/Chapter";
import { MailingListContact } from "../models/MailingListContact";
import { presentUpcomingEvents } from "../presenters/chapter";
import type { Services } from "../services";
import { automaticMessage, chapterLook, composeLetter, type Letter } from "../mail/letter";
import { chapterContact } from "../lib/networkContact";

/** The job that welcomes a new member of a chapter's list, once their signup holds (confirmed, when that is asked). */
export const JOB_LIST_WELCOME = "list.welcome";

/** Queued in the transaction that makes the address a member, so the welcome goes only if that commits. */
export async function enqueueListWelcome(s: Services, contactId: number, trx: Knex.Transaction): Promise<void> {
  await s.jobs.enqueue(JOB_LIST_WELCOME, { contactId, joinedAt: new Date().toISOString() }, { trx });
}

/** The welcome as it is written: what comes next (the next meetup), where the chapter's page is, how to leave. */
async function welcomeLetter(s: Services, chapter: Chapter, contact: MailingListContact, now = new Date()): Promise<Letter> {
  const name = chapterName(chapter, chapter.chapterType?.name ?? "");
  const next = chapterPageMeetups(presentUpcomingEvents(chapter.chapterEvents, chapter.timeZone, now))[0];
  const page = `${s.config.publicUrl}/chapter/${normalizeState(chapter.state)}/${chapter.slug}`;
  return composeLetter({
    subject: `Welcome to ${name}`,
    greeting: "Hi,",
    blocks: [
      `Welcome to the mailing list of ${name}! The hosts write to it about meetups and news.`,
      next
        ? `Our next meetup: ${meetupLine(next)}. Come and say hello; everyone is welcome.`
        : "No meetup is on the calendar yet: the hosts will write when the next one is set.",
      { link: page, label: "The chapter's page, with every meetup and a calendar to subscribe to" },
      { link: `${s.config.publicUrl}/unsubscribe/${encodeURIComponent(contact.unsubscribeToken)}`, label: "To leave the list at any time" },
    ],
    why: `You are receiving this email because this address joined the mailing list of ${name}.`,
    look: await chapterLook(chapter),
    signature: [],
  });
}

/** Replies go to the chapter's own address where it has one, else to whoever looks after it. */
async function replyToOf(s: Services, chapter: Chapter): Promise<string> {
  if (chapter.emailAlias && chapter.chapterType?.emailDomain) return `${chapter.emailAlias}@${chapter.chapterType.emailDomain}`;
  return (await chapterContact(s, chapter.id)).email;
}

/**
 * Sends the welcome, when the address is still on the list: one per joining (the job's key), so a retry after a
 * crash sends it again only where the transport cannot tell (SMTP), never twice to the outbox.
 */
export async function mailListWelcome(s: Services, p: { contactId: number; joinedAt: string }): Promise<void> {
  const contact = await MailingListContact.query().findById(p.contactId);
  if (!contact || contact.status !== "active" || contact.deletedAt) return;
  const chapter = await Chapter.query().findById(contact.chapterId).withGraphFetched("[chapterType, chapterEvents(mayBeUpcoming)]");
  if (!chapter) return;
  const letter = await welcomeLetter(s, chapter, contact, s.jobs.now());
  await s.mail.send(automaticMessage(contact.email, letter, await replyToOf(s, chapter), `list-welcome-${contact.id}-${Date.parse(p.joinedAt)}`));
}
