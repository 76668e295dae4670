import crypto from "node:crypto";
import type { Knex } from "knex";
import { Chapter } from "../models/Chapter";
import { MailingListContact, type ContactSource, type ContactStatus } from "../models/MailingListContact";
import { listIdColumn } from "../integrations/listProviders";
import { badRequest, notFound } from "../errors";
import { isPostgres } from "../db";
import { CONTACT_STATUSES, type ContactStats, type EmailServiceName } from "../contracts/mailingList";
import type { Services } from "../services";
import { JOB_RESYNC_ALL, JOB_SYNC_CONTACT } from "./jobNames";

/** Statuses that keep an address off the provider's list (and out of list emails); unconfirmed waits for its link. */
export const OFF_LIST_STATUSES: ContactStatus[] = ["unsub", "blocked", "bounce", "deleted", "unconfirmed"];
/** Only these receive list emails. */
export const SENDABLE_STATUS: ContactStatus = "active";

export const newUnsubscribeToken = () => crypto.randomBytes(24).toString("base64url");

/** The chapter whose list this is, per the email settings (sendInBlueListId or brontoListId); 404 otherwise. */
export async function chapterForListId(s: Services, listId: unknown): Promise<{ chapter: Chapter; serviceName: EmailServiceName; listId: string }> {
  const id = typeof listId === "string" || typeof listId === "number" ? String(listId).trim() : "";
  if (!id) throw badRequest("listId is required", "listId");
  if (id.length > 100) throw notFound("Mailing list");
  const serviceName = await s.listProviders.serviceName();
  const chapter = await Chapter.query().findOne({ [listIdColumn(serviceName)]: id });
  if (!chapter) throw notFound("Mailing list");
  return { chapter, serviceName, listId: id };
}

/** Counts per status of a chapter's list, from one aggregate query (served by the chapter/status index). */
export async function contactStatsOf(chapterId: number): Promise<ContactStats> {
  const rows = (await MailingListContact.query().where({ chapterId }).select("status").count("* as n").groupBy("status")) as unknown as {
    status: string;
    n: number | string;
  }[];
  const stats = Object.fromEntries(CONTACT_STATUSES.map((st) => [st, 0])) as ContactStats;
  for (const r of rows) if (r.status in stats) stats[r.status as ContactStatus] = Number(r.n);
  return stats;
}

export const sumStats = (stats: ContactStats): number => Object.values(stats).reduce((a, b) => a + b, 0);

/** The sync job that mirrors this contact to the selected provider, enqueued in the caller's transaction. */
export function enqueueContactSync(s: Services, contactId: number, trx: Knex.Transaction) {
  return s.jobs.enqueue(JOB_SYNC_CONTACT, { contactId }, { trx, maxAttempts: 40 });
}

/**
 * The contact of this address on this list, inserted with `status` when there is none, and locked for the rest
 * of the transaction on Postgres. Safe under concurrent signups of the same address (insert ... on conflict do
 * nothing). `source` says how a new contact joined; an existing one keeps its own.
 */
export async function findOrInsertContact(
  chapterId: number,
  email: string,
  status: ContactStatus,
  trx: Knex.Transaction,
  source: ContactSource = "signup",
): Promise<{ contact: MailingListContact; inserted: boolean }> {
  const now = new Date().toISOString();
  const inserted = await trx("mailing_list_contacts")
    .insert({
      chapterId,
      email,
      status,
      numSends: 0,
      numOpens: 0,
      numClicks: 0,
      unsubscribeToken: newUnsubscribeToken(),
      deletedAt: null,
      source,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict(["chapterId", "email"])
    .ignore()
    .returning("id");
  const query = MailingListContact.query(trx).findOne({ chapterId, email });
  if (isPostgres(trx)) query.forUpdate();
  const contact = await query;
  if (!contact) throw new Error("contact vanished after insert");
  return { contact, inserted: inserted.length > 0 };
}

/**
 * Adds an address to a chapter's list, or re-activates it (someone who left and signs up again), in one
 * transaction with the job that hands it to the provider. Repeating a signup changes nothing and enqueues
 * nothing.
 */
export async function addContact(
  s: Services,
  chapterId: number,
  email: string,
  trx: Knex.Transaction,
  source: ContactSource = "signup",
): Promise<{ contact: MailingListContact; changed: boolean }> {
  const { contact, inserted } = await findOrInsertContact(chapterId, email, "active", trx, source);
  let changed = inserted;
  if (!changed && (contact.status !== "active" || contact.deletedAt)) {
    await contact.$query(trx).patch({ status: "active", deletedAt: null });
    changed = true;
  }
  if (changed) await enqueueContactSync(s, contact.id, trx);
  return { contact, changed };
}

/** Takes an address off a list (deleted by a host, unsubscribed, bounced) and mirrors that to the provider. */
export async function setContactStatus(
  s: Services,
  contact: MailingListContact,
  status: ContactStatus,
  trx: Knex.Transaction,
  opts: { syncToProvider?: boolean } = {},
): Promise<boolean> {
  if (contact.status === status) return false;
  await contact.$query(trx).patch({ status, ...(status === "deleted" ? { deletedAt: new Date().toISOString() } : {}) });
  if (opts.syncToProvider ?? true) await enqueueContactSync(s, contact.id, trx);
  return true;
}

/**
 * Re-syncs one chapter's contacts to the selected provider, e.g. after its list id changed in the chapter
 * settings. Enqueued in the caller's transaction.
 */
export async function enqueueChapterResync(s: Services, chapterId: number, trx: Knex.Transaction) {
  return s.jobs.enqueue(JOB_RESYNC_ALL, { afterId: 0, chapterId }, { trx });
}
