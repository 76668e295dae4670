import type { Knex } from "knex";
import { Chapter } from "../models/Chapter";
import { ListMessage } from "../models/ListMessage";
import { MailingListContact } from "../models/MailingListContact";
import { Job } from "../models/Job";
import { listIdColumn, PartialSendError, ProviderError, type SendResult } from "../integrations/listProviders";
import { LeaseLostError, PermanentJobError, RetryLaterError, backoffDelay, type JobContext } from "../jobs/queue";
import type { Services } from "../services";
import { composeListEmail, listEmailContext, recipientFor } from "./compose";
import { claimDeliveries, countSends, prepareDeliveries, recordDeliveries, recountMessage, skipLeftovers } from "./deliveries";
import { OFF_LIST_STATUSES, SENDABLE_STATUS, enqueueContactSync } from "./contacts";
import { JOB_BRONTO_POLL, JOB_RESYNC_ALL, JOB_SEND_BATCH } from "./jobNames";

/** Recipients per batch job of a list email. */
const SEND_BATCH_SIZE = 50;
/** Contacts per step of a full re-sync. */
const RESYNC_BATCH_SIZE = 200;
/** How often Bronto is asked for unsubscribes and bounces. */
const BRONTO_POLL_EVERY_MS = 15 * 60_000;

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

/** How long to wait before continuing after a failure that came after some progress. */
function retryDelay(err: unknown): number {
  return err instanceof ProviderError && err.opts.retryAfterMs !== undefined ? err.opts.retryAfterMs : backoffDelay(1);
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += Math.max(1, size)) yield items.slice(i, i + Math.max(1, size));
}

/**
 * list.sendBatch: sends one batch of a list email (the next SEND_BATCH_SIZE members), one delivery row per
 * recipient (server/mailingLists/deliveries.ts): each chunk is claimed before the provider is called and
 * recorded after. When the batch is through, the transaction that finishes this job enqueues the next batch.
 * A failure after some progress continues in a fresh job after the provider's delay, skipping what went out.
 * The HTTP request that asked for the send never waits for this.
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
      await skipLeftovers(trx, message.id);
      await recountMessage(trx, message.id);
      const fresh = await ListMessage.query(trx).findById(message.id);
      await ListMessage.query(trx)
        .findById(message.id)
        .patch({ status: "sent", total: fresh!.sent + fresh!.failed + fresh!.unknown });
      await finishJob(ctx, trx);
    });
    return;
  }
  if (message.status === "queued") await ListMessage.query().findById(message.id).patch({ status: "sending" });

  const { serviceName, provider } = await s.listProviders.current();
  const listId = chapter[listIdColumn(serviceName)];
  const pending = await prepareDeliveries(s, message.id, contacts, payload.cursor, provider);
  const contactById = new Map(contacts.map((c) => [c.id, c]));
  const email = composeListEmail(message, await listEmailContext(s.config, message, chapter));
  const state = { ...(payload.state ?? {}) };
  const next = (cursor: number, trx: Knex.Transaction, runAt?: Date) =>
    s.jobs.enqueue(JOB_SEND_BATCH, { messageId: message.id, cursor, state }, { trx, runAt, maxAttempts: ctx.job.maxAttempts });
  let progress = false;
  try {
    for (const chunk of chunks(pending, provider.sendChunk)) {
      if (ctx.signal.aborted) throw new LeaseLostError();
      const claimed = await claimDeliveries(s, chunk, provider.name);
      if (!claimed.length) continue;
      const recipients = claimed.map((d) => recipientFor(s.config, contactById.get(d.contactId)!, message.id));
      let result: SendResult;
      try {
        result = await provider.sendBatch(listId, email, recipients, state);
      } catch (err) {
        // Record what went out before the failure; the rest of the chunk goes back to pending.
        const partial = err instanceof PartialSendError ? err.result : { sent: [], failed: [] };
        await recordDeliveries(s, claimed, partial);
        progress ||= partial.sent.length + partial.failed.length > 0;
        throw err instanceof PartialSendError ? err.cause : err;
      }
      await recordDeliveries(s, claimed, result);
      progress ||= result.sent.length + result.failed.length > 0;
    }
  } catch (err) {
    if (err instanceof LeaseLostError) throw err;
    const retryable = !(err instanceof ProviderError) || err.opts.retryable;
    if (progress && retryable) {
      // Part of the batch went out: continue later in a fresh job (its attempts start again).
      await s.knex.transaction(async (trx) => {
        await recountMessage(trx, message.id);
        await next(payload.cursor, trx, new Date(s.jobs.now().getTime() + retryDelay(err)));
        await finishJob(ctx, trx);
      });
      return;
    }
    if (!retryable || ctx.job.attempts >= ctx.job.maxAttempts) {
      await s.knex.transaction(async (trx) => {
        await recountMessage(trx, message.id);
        await ListMessage.query(trx).findById(message.id).patch({ status: "failed" });
      });
    } else if (JSON.stringify(state) !== JSON.stringify(payload.state ?? {})) {
      // Keep what the provider gave us (e.g. its message id) for the retry.
      await Job.query()
        .findById(ctx.job.id)
        .patch({ payload: { ...payload, state } });
    }
    throw asJobError(err);
  }

  const last = contacts[contacts.length - 1].id;
  await s.knex.transaction(async (trx) => {
    await countSends(trx, message.id, payload.cursor, last);
    await recountMessage(trx, message.id);
    await next(last, trx);
    await finishJob(ctx, trx);
  });
}

/** Finishes the job in `trx`, or rolls `trx` back when another worker took the job over meanwhile. */
async function finishJob(ctx: JobContext, trx: Knex.Transaction): Promise<void> {
  if (!(await ctx.markDone(trx))) throw new LeaseLostError();
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
