import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { ChapterHostApplicationNote } from "../models/ChapterHostApplicationNote";
import { notFound } from "../errors";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";
import { checkStatusChange, STATUS_CHANGE_VERBS } from "./hostApplicationStatus";
import { enqueueApplicationMail, isDecision } from "./hostApplicationMail";
import type { Services } from "../services";

export type ApplicationChanges = Partial<
  Pick<ChapterHostApplication, "status" | "isArchived" | "didHavePhoneCall" | "didSignAgreement" | "didGiveAdditionalInfo">
>;

/**
 * Saves an admin's changes to an application (flags, archive, status) in one transaction; a status change
 * must be allowed by the status machine and is recorded as an admin-only activity item. A decision (approved
 * without a chapter, denied) queues the applicant's email in the same transaction, with the admin's note, which
 * also goes into the Note Archive. Answers the application with its applicant.
 */
export async function updateHostApplication(
  s: Services,
  viewer: Viewer,
  slug: string,
  changes: ApplicationChanges,
  note = "",
): Promise<ChapterHostApplication> {
  return ChapterHostApplication.transaction(async (trx) => {
    const application = await ChapterHostApplication.query(trx).findOne({ slug });
    if (!application) throw notFound("Chapter host application");
    if (changes.status) checkStatusChange(application.status, changes.status);
    const patch = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ApplicationChanges;
    const next = await ChapterHostApplication.query(trx).patchAndFetchById(application.id, patch).withGraphFetched("user");
    if (changes.status && changes.status !== application.status) {
      await recordActivity(
        {
          type: "host_application",
          title: `Host application ${STATUS_CHANGE_VERBS[changes.status]}: ${next.user?.name ?? ""} (${application.city})`,
          adminOnly: true,
          userId: viewer.id,
          objectId: application.slug,
        },
        trx,
      );
      if (note) await ChapterHostApplicationNote.query(trx).insert({ chapterHostApplicationId: application.id, userId: viewer.id, note });
      if (isDecision(changes.status)) await enqueueApplicationMail(s, trx, { applicationId: application.id, status: changes.status, actorId: viewer.id, note });
    }
    return next;
  });
}

/** Adds a note to an application's Note Archive and an admin-only activity item, in one transaction. */
export async function addApplicationNote(viewer: Viewer, application: ChapterHostApplication, note: string): Promise<ChapterHostApplicationNote> {
  return ChapterHostApplicationNote.transaction(async (trx) => {
    const row = await ChapterHostApplicationNote.query(trx).insert({ chapterHostApplicationId: application.id, userId: viewer.id, note });
    await recordActivity(
      {
        type: "application_note",
        title: `Note on the host application of ${application.user?.name ?? ""}`,
        note,
        adminOnly: true,
        userId: viewer.id,
        objectId: application.slug,
      },
      trx,
    );
    return row;
  });
}
