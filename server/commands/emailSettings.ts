import { EmailSettings } from "../models/EmailSettings";
import type { EmailServiceName } from "../contracts/mailingList";
import { JOB_BRONTO_POLL, JOB_RESYNC_ALL } from "../mailingLists/jobNames";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { provideMissingLists } from "../mailingLists/chapterLists";

/** The General Settings switch for list signups; a change is an admin-only activity item, in one transaction. */
export async function setDoubleOptIn(viewer: Viewer, on: boolean): Promise<void> {
  await EmailSettings.transaction(async (trx) => {
    const changed = await EmailSettings.query(trx).findById(1).patch({ listDoubleOptIn: on }).whereNot({ listDoubleOptIn: on });
    if (!changed) return;
    const title = on ? "Mailing list signups now need confirming by email" : "Mailing list signups no longer need confirming by email";
    await recordActivity({ type: "mailing_list", title, adminOnly: true, userId: viewer.id }, trx);
  });
}

/** The postal address in the footer of list emails; a change is an admin-only activity item, in one transaction. */
export async function setPostalAddress(viewer: Viewer, postalAddress: string): Promise<void> {
  await EmailSettings.transaction(async (trx) => {
    const changed = await EmailSettings.query(trx).findById(1).patch({ postalAddress }).whereNot({ postalAddress });
    if (!changed) return;
    const title = postalAddress ? "Postal address for list emails changed" : "Postal address for list emails removed";
    await recordActivity({ type: "mailing_list", title, note: postalAddress, adminOnly: true, userId: viewer.id }, trx);
  });
}

/** The network's contact; a change is an admin-only activity item, in one transaction. */
export async function setNetworkContact(viewer: Viewer, contact: { name: string; email: string }): Promise<void> {
  await EmailSettings.transaction(async (trx) => {
    const row = await EmailSettings.query(trx).findById(1);
    if (!row || (row.networkContactName === contact.name && row.networkContactEmail === contact.email)) return;
    await row.$query(trx).patch({ networkContactName: contact.name, networkContactEmail: contact.email });
    const title = contact.email ? "Network contact changed" : "Network contact removed";
    const note = contact.email ? (contact.name ? `${contact.name} <${contact.email}>` : contact.email) : "";
    await recordActivity({ type: "mailing_list", title, note, adminOnly: true, userId: viewer.id }, trx);
  });
}

/**
 * Switches the email-marketing provider, in one transaction: saves the choice, queues the re-sync of every
 * contact to the new provider, the lists of chapters that have none there (and, for Bronto, the poll of the last day's unsubscribes) and records it.
 * Choosing the current provider changes nothing.
 */
export async function switchEmailService(s: Services, viewer: Viewer, serviceName: EmailServiceName): Promise<void> {
  await s.knex.transaction(async (trx) => {
    const row = await EmailSettings.query(trx).findById(1);
    if (row?.serviceName === serviceName) return;
    if (row) await row.$query(trx).patch({ serviceName });
    else await EmailSettings.query(trx).insert({ id: 1, serviceName });
    await s.jobs.enqueue(JOB_RESYNC_ALL, { afterId: 0 }, { trx });
    await provideMissingLists(s, serviceName, trx);
    if (serviceName === "bronto") await s.jobs.enqueue(JOB_BRONTO_POLL, { since: new Date(s.jobs.now().getTime() - 24 * 3600_000).toISOString() }, { trx });
    await recordActivity(
      {
        type: "mailing_list",
        title: `Email service changed to ${serviceName === "bronto" ? "Bronto" : "Send In Blue"}`,
        note: "Chapters without a list there get one, and every contact is being re-synced to the new service.",
        adminOnly: true,
        userId: viewer.id,
      },
      trx,
    );
  });
}
