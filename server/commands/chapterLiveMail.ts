import type { Knex } from "knex";
import { displayTitle, normalizeState } from "../contracts/chapter";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { chapterContact } from "../lib/networkContact";
import { automaticMessage, chapterLook, composeLetter, contactWords } from "../mail/letter";
import type { Services } from "../services";

/** The job that tells a chapter's hosts it is on the map (issue 41). */
export const JOB_CHAPTER_LIVE_MAIL = "chapter.liveMail";

/** Queued in the transaction that makes the chapter active, so the mail goes only if that commits. */
export async function enqueueChapterLiveMail(s: Services, trx: Knex.Transaction, chapterId: number): Promise<void> {
  await s.jobs.enqueue(JOB_CHAPTER_LIVE_MAIL, { chapterId, at: s.jobs.now().toISOString() }, { trx });
}

/**
 * chapter.liveMail: "you are live" to each host of a chapter that is still active when the queue gets to it, with
 * the chapter page's link; replies go to its field organizer, else the network contact.
 */
export async function mailChapterLive(s: Services, p: { chapterId: number; at: string }): Promise<void> {
  const chapter = await Chapter.query().findById(p.chapterId);
  if (!chapter || chapter.status !== CHAPTER_ACTIVE) return;
  const hosts = (await s
    .knex("permissions")
    .join("users", "users.id", "permissions.userId")
    .where({ "permissions.chapterId": chapter.id, "permissions.roleId": ROLE_CHAPTER_HOST })
    .select("users.id", "users.email", "users.name")) as { id: number; email: string; name: string }[];
  if (!hosts.length) return;
  const name = displayTitle(chapter);
  const page = `${s.config.publicUrl}/chapter/${normalizeState(chapter.state)}/${chapter.slug}`;
  const contact = await chapterContact(s, chapter.id);
  const look = await chapterLook(chapter);
  for (const host of hosts) {
    const letter = composeLetter({
      subject: `${name} is live`,
      greeting: `Hi ${host.name},`,
      blocks: [
        `${name} is on the map now: people near you find it, see your meetups and can join its mailing list.`,
        { label: "Your chapter's page", link: page },
        `Your dashboard lists what is still to do: ${page}/admin`,
        `Questions? Reply to this email: it reaches ${contactWords(contact)}.`,
      ],
      why: `You are receiving this email because you host ${name}.`,
      look,
    });
    await s.mail.send(automaticMessage(host.email, letter, contact.email, `chapter-live-${chapter.id}-${Date.parse(p.at)}-user-${host.id}`));
  }
}
