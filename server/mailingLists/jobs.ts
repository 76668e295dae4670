import type { Knex } from "knex";
import { Chapter } from "../models/Chapter";
import { ListMessage } from "../models/ListMessage";
import { MailingListContact } from "../models/MailingListContact";
import { Job } from "../models/Job";
import { listIdColumn, PartialSendError, ProviderError, type SendResult } from "../integrations/listProviders";
import { PermanentJobError, RetryLaterError, backoffDelay, type JobContext } from "../jobs/queue";
import type { Services } from "../services";
import { composeListEmail, recipientFor } from "./compose";
import { OFF_LIST_STATUSES, SENDABLE_STATUS, enqueueContactSync } from "./contacts";
import { JOB_BRONTO_POLL, JOB_RESYNC_ALL, JOB_SEND_BATCH } from "./jobNames";

/** Recipients per batch job of a list email. */
export const SEND_BATCH_SIZE = 50;
/** Contacts per step of a full re-sync. */
export const RESYNC_BATCH_SIZE = 200;
/** How often Bronto is asked for unsubscribes and bounces. */
export const BRONTO_POLL_EVERY_MS = 15 * 60_000;

/** Provider failures in the job queue's terms: permanent ones fail at once, rate limits wait as told. */
export function asJobError(err: unknown): unknown {
  if (err instanceof ProviderError) {
    if (!err.opts.retryable) return new PermanentJobError(err.message);
    if (err.opts.retryAfterMs !== undefined) return new RetryLaterError(err.message, err.opts.retryAfterMs);
  }
  return err;
}

/** list.syncContact: mirrors one contact to the selected provider (put on, or taken off, the chapter's list). */
export async function syncContact(s: Services, payload: { contactId: number }): Promise<void> {
  const contact = await MailingListContact.query().findById(payload.contactId);
  if (!contact) return;
  const chapter = await Chapter.query().findById(contact.chapterId);
  if (!chapter) return;
  const { serviceName, provider } = await s.listProviders.current();
  const listId = chapter[listIdColumn(serviceName)];
  // A chapter without a list id at this provider has nothing to mirror; setting one re-syncs the chapter.
  if (!listId) return;
  try {
    if (OFF_LIST_STATUSES.includes(contact.status)) await provider.removeContact(listId, contact.email);
    else await provider.upsertContact(listId, contact.email);
  } catch (err) {
    throw asJobError(err);
  }
}

interface SendPayload {
  messageId: number;
  /** Contacts with ids up to this one have been handled. */
  cursor: number;
  /** Provider state kept between batches (e.g. Bronto's message id). */
  state?: Record<string, string>;
}

/**
 * list.sendBatch: sends one batch of a list email and, in the same transaction that records the progress,
 * finishes itself and enqueues the next batch. The HTTP request that asked for the send never waits for this.
 */
export async function sendBatch(s: Services, payload: SendPayload, ctx: JobContext): Promise<void> {
  const message = await ListMessage.query().findById(payload.messageId);
  if (!message || message.status === "sent" || message.status === "failed") return;
  const chapter = await Chapter.query().findById(message.chapterId);
  if (!chapter) return;
  const contacts = await MailingListContact.query()
    .where({ chapterId: chapter.id, status: SENDABLE_STATUS })
    .whereNull("deletedAt")
    .where("id", ">", payload.cursor)
    .orderBy("id")
    .limit(SEND_BATCH_SIZE);

  if (!contacts.length) {
    await s.knex.transaction(async (trx) => {
      const fresh = await ListMessage.query(trx).findById(message.id);
      await ListMessage.query(trx).findById(message.id).patch({ status: "sent", total: Math.max(fresh!.sent + fresh!.failed, 0) });
      await ctx.markDone(trx);
    });
    return;
  }
  if (message.status === "queued") await ListMessage.query().findById(message.id).patch({ status: "sending" });

  const { serviceName, provider } = await s.listProviders.current();
  const state = { ...(payload.state ?? {}) };
  const recipients = contacts.map((c) => recipientFor(s.config, c));
  let result: SendResult;
  let retryIn: number | null = null;
  try {
    result = await provider.sendBatch(chapter[listIdColumn(serviceName)], composeListEmail(message, chapter), recipients, state);
  } catch (err) {
    if (!(err instanceof PartialSendError)) {
      const final = err instanceof ProviderError && !err.opts.retryable ? true : ctx.job.attempts >= ctx.job.maxAttempts;
      if (final) await ListMessage.query().findById(message.id).patch({ status: "failed" });
      else if (JSON.stringify(state) !== JSON.stringify(payload.state ?? {})) {
        // Keep what the provider gave us (e.g. its message id) for the retry.
        await Job.query().findById(ctx.job.id).patch({ payload: { ...payload, state } });
      }
      throw asJobError(err);
    }
    result = err.result;
    const cause = err.cause;
    retryIn = cause instanceof ProviderError && cause.opts.retryAfterMs !== undefined ? cause.opts.retryAfterMs : backoffDelay(1);
  }

  // The contacts handled, in order: everything up to the last handled one is done.
  const handled = new Set([...result.sent, ...result.failed.map((f) => f.contactId)]);
  let handledPrefix = 0;
  while (handledPrefix < contacts.length && handled.has(contacts[handledPrefix].id)) handledPrefix++;
  const cursor = handledPrefix ? contacts[handledPrefix - 1].id : payload.cursor;

  await s.knex.transaction(async (trx: Knex.Transaction) => {
    if (result.sent.length) {
      await ListMessage.query(trx).findById(message.id).increment("sent", result.sent.length);
      await MailingListContact.query(trx).whereIn("id", result.sent).increment("numSends", 1);
    }
    if (result.failed.length) await ListMessage.query(trx).findById(message.id).increment("failed", result.failed.length);
    const runAt = retryIn === null ? undefined : new Date(s.jobs.now().getTime() + retryIn);
    await s.jobs.enqueue(JOB_SEND_BATCH, { messageId: message.id, cursor, state }, { trx, runAt, maxAttempts: ctx.job.maxAttempts });
    await ctx.markDone(trx);
  });
}

/** list.resyncAll: after the provider setting changed, hands every contact to the newly selected provider. */
export async function resyncAll(s: Services, payload: { afterId: number; chapterId?: number }, ctx: JobContext): Promise<void> {
  const query = MailingListContact.query().where("id", ">", payload.afterId).whereNotIn("status", OFF_LIST_STATUSES).orderBy("id").limit(RESYNC_BATCH_SIZE);
  if (payload.chapterId) query.where({ chapterId: payload.chapterId });
  const contacts = await query;
  await s.knex.transaction(async (trx) => {
    for (const c of contacts) await enqueueContactSync(s, c.id, trx);
    if (contacts.length === RESYNC_BATCH_SIZE) await s.jobs.enqueue(JOB_RESYNC_ALL, { ...payload, afterId: contacts[contacts.length - 1].id }, { trx });
    await ctx.markDone(trx);
  });
}

/**
 * list.brontoPoll: Bronto has no webhooks, so unsubscribes and bounces there are read every 15 minutes and
 * written into our contact status. The chain stops when Bronto is no longer the active provider.
 */
export async function brontoPoll(s: Services, payload: { since: string }, ctx: JobContext): Promise<void> {
  const { provider } = await s.listProviders.current();
  if (provider.name !== "bronto" || !provider.statusChangesSince) return;
  const startedAt = s.jobs.now();
  let changes;
  try {
    changes = await provider.statusChangesSince(new Date(payload.since));
  } catch (err) {
    throw asJobError(err);
  }
  await s.knex.transaction(async (trx) => {
    for (const change of changes) {
      await MailingListContact.query(trx).where({ email: change.email }).whereNotIn("status", OFF_LIST_STATUSES).patch({ status: change.status });
    }
    const another = await Job.query(trx).where({ type: JOB_BRONTO_POLL, status: "pending" }).resultSize();
    if (!another) {
      // A minute of overlap so nothing modified during this poll is missed.
      const since = new Date(startedAt.getTime() - 60_000).toISOString();
      await s.jobs.enqueue(JOB_BRONTO_POLL, { since }, { trx, runAt: new Date(startedAt.getTime() + BRONTO_POLL_EVERY_MS) });
    }
    await ctx.markDone(trx);
  });
}
