import type { Context } from "koa";
import { chapterName, normalizeState } from "../contracts/chapter";
import type { ReviveMessageInput } from "../contracts/chapterRevive";
import { ApiError } from "../errors";
import { bucketFor, enforceLimit } from "../lib/rateLimits";
import { networkContact } from "../lib/networkContact";
import { loadChapterDetail } from "../lib/load";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import { fieldOrganizerOf, reviveContactOf } from "../presenters/chapter";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { composeLetter } from "../mail/letter";

/** Only a hidden chapter's page offers the form; an active chapter is joined through its mailing list. */
const notHidden = () => new ApiError(409, "chapter_active", "This chapter is active: join its mailing list to hear about its meetups.", "chapterId");

/**
 * A visitor offers to help a hidden chapter meet again: a short note to its field organizer, else to the network
 * contact, with Reply-To the visitor, so the answer goes straight back. Limited per client address; the note is
 * also an activity item of the chapter, so admins see the offer. Answers whom it went to, by name.
 */
export async function sendReviveMessage(ctx: Context, s: Services, input: ReviveMessageInput): Promise<{ sentTo: string }> {
  await enforceLimit(ctx, {
    bucket: bucketFor("chapter-revive", ctx.ip),
    limit: s.config.rateLimits.reviveMessage,
    message: (wait) => `Too many messages from your address. Please try again in ${wait}.`,
  });
  const chapter = await loadChapterDetail({ id: input.chapterId });
  if (chapter.status === CHAPTER_ACTIVE) throw notHidden();
  const organizer = fieldOrganizerOf(chapter);
  const to = organizer ? { name: organizer.name, email: organizer.email } : await networkContact(s);
  const name = chapterName(chapter, chapter.chapterType?.name ?? "");
  const page = `${s.config.publicUrl}/chapter/${normalizeState(chapter.state)}/${chapter.slug}`;
  // A person's message, passed on: both parts like every letter, but not Auto-Submitted, and replies go to its writer.
  const letter = composeLetter({
    subject: `${input.name} would like to help ${name} meet again`,
    greeting: `Hi${to.name ? ` ${to.name}` : ""},`,
    blocks: [
      `${input.name} <${input.email}> wrote from the page of ${name}, which is hidden (not active):`,
      input.message,
      `Reply to this email to answer them. The chapter's page: ${page}`,
    ],
    why: `You are receiving this email because you are ${organizer ? "the field organizer of this chapter" : "the network contact"}.`,
    signature: [],
  });
  await s.mail.send({ to: to.email, replyTo: input.email, ...letter });
  await recordActivity({
    type: "chapter_health",
    title: `${input.name} offered to help ${name} meet again`,
    note: `Their message went to ${organizer ? organizer.name : "the network contact"}.`,
    userId: null,
    chapterId: chapter.id,
  });
  return { sentTo: reviveContactOf(chapter).name };
}
