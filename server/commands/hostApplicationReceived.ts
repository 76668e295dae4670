import type { Knex } from "knex";
import { chapterTypeTitle } from "../contracts/chapter";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { ROLE_ADMIN, ROLE_FIELD_ORGANIZER } from "../models/Role";
import type { JobContext } from "../jobs/queue";
import { networkContact } from "../lib/networkContact";
import { automaticMessage, composeLetter, contactWords } from "../mail/letter";
import type { Services } from "../services";

/** The job that answers a new host application (issue 41): the applicant's receipt and the staff's notice. */
export const JOB_APPLICATION_RECEIVED = "application.received";

/** Queued in the transaction that files the application, so the mails go only if it commits. */
export async function enqueueApplicationReceived(s: Services, trx: Knex.Transaction, applicationId: number): Promise<void> {
  await s.jobs.enqueue(JOB_APPLICATION_RECEIVED, { applicationId }, { trx });
}

/** What happens next, as /intro_start_chapter promises it. */
const NEXT_STEPS = [
  "A field organizer or admin reads your application.",
  "A field organizer gets in touch to set up a 45-minute orientation call about hosting, venues and growing your list.",
  "Once your application is approved, we create your chapter, give you a chapter email address and a mailing list, and you host your first night.",
];

interface Staff {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Who hears of a new application: every admin, and the field organizers of the chapters in its state, once each. */
async function staffFor(s: Services, state: string): Promise<Staff[]> {
  const withRole = (role: number) =>
    s.knex("permissions").join("users", "users.id", "permissions.userId").where("permissions.roleId", role).distinct("users.id", "users.name", "users.email");
  const admins = (await withRole(ROLE_ADMIN)) as Omit<Staff, "isAdmin">[];
  const organizers = (await withRole(ROLE_FIELD_ORGANIZER)
    .join("chapters", "chapters.id", "permissions.chapterId")
    .whereRaw("lower(chapters.state) = ?", [state])) as Omit<Staff, "isAdmin">[];
  const byId = new Map<number, Staff>();
  for (const p of organizers) byId.set(p.id, { ...p, isAdmin: false });
  for (const p of admins) byId.set(p.id, { ...p, isAdmin: true });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * application.received: tells the applicant their application arrived and what happens next (replies go to the
 * network contact), and tells the admins and the state's field organizers (replies go to the applicant). Keyed per
 * application and person, so a retry delivers each once where the transport can.
 */
export async function mailApplicationReceived(s: Services, payload: { applicationId: number }, _ctx: JobContext): Promise<void> {
  const application = await ChapterHostApplication.query().findById(payload.applicationId).withGraphFetched("user");
  if (!application?.user) return;
  const applicant = application.user;
  const contact = await networkContact(s);
  const what = `${chapterTypeTitle(application.type)} chapter`;
  const where = `${application.city}, ${application.state.toUpperCase()}`;
  const receipt = composeLetter({
    subject: `We have your application to host a ${what} in ${application.city}`,
    greeting: `Hi ${applicant.name},`,
    blocks: [
      `Thank you for applying to host a ${what} in ${where}. Here is what happens next:`,
      { steps: NEXT_STEPS },
      `You can see your application at any time: ${s.config.publicUrl}/my_chapter_host_applications/${application.slug}`,
      `Questions in the meantime? Reply to this email: it reaches ${contactWords(contact)}.`,
    ],
    why: "You are receiving this email because you applied to host a chapter.",
  });
  await s.mail.send(automaticMessage(applicant.email, receipt, contact.email, `host-application-${application.id}-received`));

  const review = `${s.config.publicUrl}/admin/chapter_host_applications/${application.slug}`;
  for (const person of await staffFor(s, application.state.toLowerCase())) {
    if (person.id === applicant.id) continue;
    const notice = composeLetter({
      subject: `New host application: ${what} in ${where}`,
      greeting: `Hi ${person.name},`,
      blocks: [
        `${applicant.name} (${applicant.email}) applied to host a ${what} in ${where}. Their reason:`,
        application.reason,
        ...(person.isAdmin ? [{ label: "Review the application", link: review }] : []),
        "Reply to this email to write to the applicant.",
      ],
      why: `You are receiving this email because you are an admin or a field organizer in ${where.split(", ")[1]}.`,
      signature: [],
    });
    await s.mail.send(automaticMessage(person.email, notice, applicant.email, `host-application-${application.id}-received-user-${person.id}`));
  }
}
