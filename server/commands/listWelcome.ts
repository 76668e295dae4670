import type { Knex } from "knex";
import { chapterName, chapterPageMeetups, normalizeState } from "../contracts/chapter";
import { meetupLine } from "../contracts/pageHead";
import { Chapter } from "../models/Chapter";
import { MailingListContact } from "../models/MailingListContact";
import { presentUpcomingEvents } from "../presenters/chapter";
import type { Services } from "../services";

/** The job that welcomes a new member of a chapter's list, once their signup holds (confirmed, when that is asked). */
export const JOB_LIST_WELCOME = "list.welcome";

/** Queued in the transaction that makes the address a member, so the welcome goes only if that commits. */
export async function enqueueListWelcome(s: Services, contactId: number, trx: Knex.Transaction): Promise<void> {
  await s.jobs.enqueue(JOB_LIST_WELCOME, { contactId, joinedAt: new Date().toISOString() }, { trx });
}

/** The welcome as it is written: what comes next (the next meetup), where the chapter's page is, how to leave. */
function welcomeLetter(
  s: Services,
  chapter: Chapter,
  contact: MailingListContact,
  now = new Date(),
): { subject: string; text: string; replyTo?: string } {
  const name = chapterName(chapter, chapter.chapterType?.name ?? "");
  const next = chapterPageMeetups(presentUpcomingEvents(chapter.chapterEvents, chapter.timeZone, now))[0];
  const page = `${s.config.publicUrl}/chapter/${normalizeState(chapter.state)}/${chapter.slug}`;
  const alias = chapter.emailAlias && chapter.chapterType?.emailDomain ? `${chapter.emailAlias}@${chapter.chapterType.emailDomain}` : undefined;
  const text = [
    "Hi,",
    `Welcome to the mailing list of ${name}! The hosts write to it about meetups and news.`,
    next
      ? `Our next meetup: ${meetupLine(next)}. Come and say hello; everyone is welcome.`
      : "No meetup is on the calendar yet: the hosts will write when the next one is set.",
    `The chapter's page, with every meetup and a calendar to subscribe to: ${page}`,
    `To leave the list at any time: ${s.config.publicUrl}/unsubscribe/${encodeURIComponent(contact.unsubscribeToken)}`,
    "",
  ].join("\n\n");
  return { subject: `Welcome to ${name}`, text, replyTo: alias };
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
  const letter = welcomeLetter(s, chapter, contact, s.jobs.now());
  await s.mail.send({
    to: contact.email,
    subject: letter.subject,
    text: letter.text,
    ...(letter.replyTo ? { replyTo: letter.replyTo } : {}),
    headers: { "Auto-Submitted": "auto-generated" },
    idempotencyKey: `list-welcome-${contact.id}-${Date.parse(p.joinedAt)}`,
  });
}
