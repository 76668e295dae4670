import type { Knex } from "knex";
import { chapterTypeTitle, displayTitle, normalizeState } from "../contracts/chapter";
import { Chapter } from "../models/Chapter";
import { ChapterHostApplication, type ApplicationStatus } from "../models/ChapterHostApplication";
import { ChapterHostApplicationNote } from "../models/ChapterHostApplicationNote";
import type { JobContext } from "../jobs/queue";
import type { Services } from "../services";
import { HIDDEN_UNTIL_SWITCHED_ON, type ContactPerson } from "../contracts/firstSteps";
import { automaticMessage, composeLetter, contactWords, type Letter } from "../mail/letter";
import { chapterContact, networkContact } from "../lib/networkContact";

/** The job that tells an applicant what was decided (issue 29): one per decision, after it is committed. */
export const JOB_APPLICATION_MAIL = "application.mail";

/** The decisions an applicant hears about; reopening an application sends nothing. */
type Decision = Extract<ApplicationStatus, "approved" | "approved_without_creation" | "denied">;

export interface ApplicationMailPayload {
  applicationId: number;
  status: Decision;
  /** The admin who decided (the history entry is theirs). */
  actorId: number;
  /** What the admin wrote to the applicant with the decision; empty: nothing. */
  note: string;
}

export const isDecision = (status: ApplicationStatus): status is Decision => status !== "open";

/** Queues the applicant's email in the transaction that records the decision, so it goes only if that commits. */
export async function enqueueApplicationMail(s: Services, trx: Knex.Transaction, payload: ApplicationMailPayload): Promise<void> {
  await s.jobs.enqueue(JOB_APPLICATION_MAIL, { ...payload }, { trx });
}

/** The first steps of a new host, in the approval email. */
const FIRST_STEPS = [
  'Write a few lines for "About this Chapter" (Page Content).',
  "Add your first event (Events).",
  "Upload a header image (Page Content).",
  "Send a first email to your mailing list (Send Email).",
];

const WHY = "You are receiving this email because you applied to host a chapter.";

function letter(s: Services, application: ChapterHostApplication, chapter: Chapter | null, payload: ApplicationMailPayload, contact: ContactPerson): Letter {
  const name = application.user?.name ?? "";
  const what = `${chapterTypeTitle(application.type)} chapter in ${application.city}`.trim();
  const note = payload.note ? ["A note from the team:", payload.note] : [];
  const base = { greeting: `Hi ${name},`, why: WHY };
  if (payload.status === "approved" && chapter) {
    const admin = `${s.config.publicUrl}/chapter/${normalizeState(chapter.state)}/${chapter.slug}/admin`;
    return composeLetter({
      ...base,
      subject: `Your ${what} is approved`,
      blocks: [
        `Welcome aboard! Your application to host a ${what} is approved, and your chapter, ${displayTitle(chapter)}, is ready for you. Sign in with this email address and open its admin:`,
        admin,
        "First steps:",
        { steps: FIRST_STEPS },
        `${HIDDEN_UNTIL_SWITCHED_ON}. ${contactWords(contact)} can switch it on and answers your questions: reply to this email. Once it is on, people near you find it on the map and can join its mailing list.`,
        ...note,
      ],
    });
  }
  if (payload.status === "approved_without_creation") {
    return composeLetter({
      ...base,
      subject: "Your host application is approved",
      blocks: [
        `Your application to host a ${what} is approved. No new chapter was made for it: a field organizer or admin will add you as a host of an existing chapter, and you will find it in your account once they have.`,
        ...note,
      ],
    });
  }
  return composeLetter({
    ...base,
    subject: "About your host application",
    blocks: [
      `Thank you for applying. After looking at it carefully, we are not able to approve your application to host a ${what} at this time.`,
      ...note,
      `You are still welcome at any chapter near you: ${s.config.publicUrl}/`,
    ],
  });
}

/**
 * application.mail: emails the applicant the decision (the approval with the link to the new chapter's admin and
 * the first steps; approval without a chapter; the denial, each with the admin's note) and lists the email in
 * the application's history (its Note Archive). Nothing is sent when the application has been decided otherwise
 * since (a decision undone before the queue got to it). The key makes a retry deliver once where the transport can.
 */
export async function mailApplicant(s: Services, payload: ApplicationMailPayload, ctx: JobContext): Promise<void> {
  const application = await ChapterHostApplication.query().findById(payload.applicationId).withGraphFetched("user");
  if (!application?.user || application.status !== payload.status) return;
  const chapter = application.chapterId ? ((await Chapter.query().findById(application.chapterId)) ?? null) : null;
  const contact = chapter ? await chapterContact(s, chapter.id) : await networkContact(s);
  const { subject, ...parts } = letter(s, application, chapter, payload, contact);
  const key = `host-application-${application.id}-${payload.status}-${ctx.job.id}`;
  await s.mail.send(automaticMessage(application.user.email, { subject, ...parts }, contact.email, key));
  await ChapterHostApplicationNote.query().insert({
    chapterHostApplicationId: application.id,
    userId: payload.actorId,
    note: `Emailed ${application.user.email}: "${subject}"`,
  });
}
