import { ChapterHostApplication } from "../models/ChapterHostApplication";
import type { HostApplicationInput } from "../contracts/hostApplication";
import type { Viewer } from "../policies/viewer";
import { makeSlug } from "../lib/slug";
import { recordActivity } from "./activity";
import { publishAdminEvent } from "../events/adminEvents";
import type { Services } from "../services";
import { enqueueApplicationReceived } from "./hostApplicationReceived";

/**
 * Files a new host application (status open) and, in the same transaction, tells the admins: a desktop notice
 * (admin event), an admin-only activity feed item, and the queued mails (the applicant's receipt with what happens
 * next; a notice to the admins and the state's field organizers: hostApplicationReceived.ts).
 */
export async function createHostApplication(s: Services, viewer: Viewer, input: HostApplicationInput): Promise<ChapterHostApplication> {
  return s.knex.transaction(async (trx) => {
    const application = await ChapterHostApplication.query(trx).insertAndFetch({
      userId: viewer.id,
      slug: makeSlug(input.city, input.state),
      city: input.city,
      state: input.state,
      type: input.type,
      reason: input.reason,
      status: "open",
    });
    const where = `${input.city}, ${input.state.toUpperCase()}`;
    await publishAdminEvent(
      "host_application_created",
      {
        title: "New host application",
        body: `${viewer.name} wants to start a chapter in ${where}`,
        path: `/admin/chapter_host_applications/${application.slug}`,
        city: input.city,
        applicationSlug: application.slug,
      },
      trx,
    );
    await recordActivity(
      {
        type: "host_application",
        title: `New host application from ${viewer.name}`,
        note: `${where} (${input.type})`,
        adminOnly: true,
        userId: viewer.id,
        objectId: application.slug,
      },
      trx,
    );
    await enqueueApplicationReceived(s, trx, application.id);
    return application;
  });
}
