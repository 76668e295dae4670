/**
 * One row per recipient of a list email (`list_deliveries`), so that no crash can make us send an email twice
 * without knowing. A batch first writes its rows (pending); each chunk is claimed (sending, with the time it was
 * handed over) in its own commit BEFORE the provider is called, and recorded (sent / failed) after. A worker
 * that dies between the two leaves rows in `sending`; the worker that takes the job over hands them over again
 * with the same idempotency key while a repeat is still dropped (`resendWindowMs`: always for the built-in
 * provider, whose outbox keeps one file per key and whose SMTP mail carries the key as its Message-ID), counting
 * each such retry, and otherwise marks them `unknown`: reported to admins, never sent again.
 */
import type { Knex } from "knex";
import { raw } from "objection";
import { ListDelivery } from "../models/ListDelivery";
import { ListMessage } from "../models/ListMessage";
import { MailingListContact } from "../models/MailingListContact";
import type { ListProvider, SendResult } from "../integrations/listProviders";
import type { ActiveListProvider, DeliveryProblem, EmailSettingsInfo } from "../contracts/mailingList";
import type { Services } from "../services";

/** The key of one email to one person, for good; providers that take a key receive it (or a UUID made from it). */
export const deliveryKey = (messageId: number, contactId: number) => `list-message-${messageId}-contact-${contactId}`;

const PROVIDER_LABELS: Record<ActiveListProvider, string> = { builtIn: "the mail server", brevo: "Brevo", bronto: "Bronto" };

/** Why an interrupted delivery was not handed over again (shown on Email Administration). */
export const interruptedMessage = (provider: ActiveListProvider) =>
  `Interrupted while being handed to ${PROVIDER_LABELS[provider]}, which cannot tell us whether it went out; not sent again.`;

/**
 * Writes the batch's rows (pending) and settles what earlier attempts left: rows of contacts in the batch's
 * range who left the list since become `skipped`; rows a dead worker left `sending` go back to `pending` (sent
 * again under their key, one more retry) or become `unknown`. Answers the batch's rows that are pending now.
 */
export async function prepareDeliveries(
  s: Services,
  messageId: number,
  contacts: MailingListContact[],
  afterContactId: number,
  provider: Pick<ListProvider, "name" | "resendWindowMs">,
): Promise<ListDelivery[]> {
  const ids = contacts.map((c) => c.id);
  const now = s.jobs.now();
  await s.knex.transaction(async (trx) => {
    const at = new Date().toISOString();
    await trx("listDeliveries")
      .insert(
        contacts.map((c) => ({
          listMessageId: messageId,
          contactId: c.id,
          idempotencyKey: deliveryKey(messageId, c.id),
          state: "pending",
          attempts: 0,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .onConflict(["listMessageId", "contactId"])
      .ignore();
    await ListDelivery.query(trx)
      .where({ listMessageId: messageId, state: "pending" })
      .where("contactId", ">", afterContactId)
      .where("contactId", "<=", ids[ids.length - 1])
      .whereNotIn("contactId", ids)
      .patch({ state: "skipped" });
    const handedSince = Number.isFinite(provider.resendWindowMs) ? new Date(now.getTime() - provider.resendWindowMs).toISOString() : null;
    const again = ListDelivery.query(trx).where({ listMessageId: messageId, state: "sending" });
    if (handedSince) again.where("handedAt", ">", handedSince);
    await again.patch({ state: "pending", retries: raw("retries + 1") });
    await ListDelivery.query(trx)
      .where({ listMessageId: messageId, state: "sending" })
      .patch({ state: "unknown", error: interruptedMessage(provider.name) });
  });
  return ListDelivery.query().where({ listMessageId: messageId, state: "pending" }).whereIn("contactId", ids).orderBy("contactId");
}

/** Marks these rows as being handed to the provider now; answers the ones this worker got (still pending). */
export async function claimDeliveries(s: Services, rows: ListDelivery[], provider: string): Promise<ListDelivery[]> {
  const handedAt = s.jobs.now().toISOString();
  const claimed = new Set<number>(
    (
      await s
        .knex("listDeliveries")
        .whereIn(
          "id",
          rows.map((d) => d.id),
        )
        .where({ state: "pending" })
        .update({ state: "sending", provider, handedAt, attempts: s.knex.raw("attempts + 1"), updatedAt: handedAt })
        .returning("id")
    ).map((r: { id: number } | number) => (typeof r === "number" ? r : r.id)),
  );
  return rows.filter((d) => claimed.has(d.id));
}

/**
 * Records what the provider did with claimed rows: sent, failed (refused for good), and the rest back to
 * pending for the next attempt. Only rows still `sending` move: one a new owner has settled stays as it is.
 */
export async function recordDeliveries(s: Services, claimed: ListDelivery[], result: SendResult): Promise<void> {
  const byContact = new Map(claimed.map((d) => [d.contactId, d.id]));
  const sent = result.sent.map((c) => byContact.get(c)).filter((id): id is number => id !== undefined);
  const failed = result.failed.filter((f) => byContact.has(f.contactId));
  const handled = new Set([...sent, ...failed.map((f) => byContact.get(f.contactId)!)]);
  const rest = claimed.filter((d) => !handled.has(d.id)).map((d) => d.id);
  const record = async (db: Knex | Knex.Transaction) => {
    if (sent.length) await ListDelivery.query(db).whereIn("id", sent).where({ state: "sending" }).patch({ state: "sent", error: null });
    for (const f of failed)
      await ListDelivery.query(db)
        .findById(byContact.get(f.contactId)!)
        .where({ state: "sending" })
        .patch({ state: "failed", error: f.error.slice(0, 2000) });
    if (rest.length) await ListDelivery.query(db).whereIn("id", rest).where({ state: "sending" }).patch({ state: "pending" });
  };
  // The usual case (all sent) is one statement; anything more is one transaction.
  if (!failed.length && !rest.length) await record(s.knex);
  else await s.knex.transaction(record);
}

/** The message's counts (sent, failed, unknown) from its delivery rows; call in the transaction that ends a step. */
export async function recountMessage(trx: Knex.Transaction, messageId: number): Promise<void> {
  const rows = (await trx("listDeliveries")
    .select("state")
    .count("* as n")
    .where({ listMessageId: messageId })
    .whereIn("state", ["sent", "failed", "unknown"])
    .groupBy("state")) as { state: string; n: number | string }[];
  const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  await ListMessage.query(trx)
    .findById(messageId)
    .patch({ sent: n("sent"), failed: n("failed"), unknown: n("unknown") });
}

/**
 * Ends a batch: each contact of the batch's range that was sent the email counts one more send. Runs once per
 * batch, in the transaction that finishes the batch's job (which rolls back should the job not be ours).
 */
export async function countSends(trx: Knex.Transaction, messageId: number, afterContactId: number, lastContactId: number): Promise<void> {
  const sent = ListDelivery.query(trx)
    .select("contactId")
    .where({ listMessageId: messageId, state: "sent" })
    .where("contactId", ">", afterContactId)
    .where("contactId", "<=", lastContactId);
  await MailingListContact.query(trx).whereIn("id", sent).increment("numSends", 1);
}

/** Rows still pending when a message is finished belong to people who left the list before their turn. */
export function skipLeftovers(trx: Knex.Transaction, messageId: number) {
  return ListDelivery.query(trx).where({ listMessageId: messageId, state: "pending" }).patch({ state: "skipped" });
}

/** For Email Administration: recipients waiting, failed, unknown and retried, and the latest problems. */
export async function deliveryReport(s: Services): Promise<EmailSettingsInfo["deliveries"]> {
  const rows = (await s
    .knex("listDeliveries")
    .select("state")
    .count("* as n")
    .whereIn("state", ["pending", "sending", "failed", "unknown"])
    .groupBy("state")) as { state: string; n: number | string }[];
  const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  const retried = (await s.knex("listDeliveries").whereRaw("retries > 0").count("* as n").first()) as { n: number | string } | undefined;
  const problems = (await s
    .knex("listDeliveries as d")
    .join("listMessages as m", "m.id", "d.listMessageId")
    .join("chapters as c", "c.id", "m.chapterId")
    .join("mailingListContacts as k", "k.id", "d.contactId")
    .whereIn("d.state", ["failed", "unknown"])
    .orderBy([
      { column: "d.updatedAt", order: "desc" },
      { column: "d.id", order: "desc" },
    ])
    .limit(10)
    .select("d.id", "d.state", "k.email", "m.title as messageTitle", "c.title as chapterTitle", "d.error", "d.updatedAt")) as (Omit<
    DeliveryProblem,
    "updatedAt"
  > & { updatedAt: string | Date })[];
  return {
    waiting: n("pending") + n("sending"),
    failed: n("failed"),
    unknown: n("unknown"),
    retried: Number(retried?.n ?? 0),
    recentProblems: problems.map((p) => ({ ...p, error: p.error ?? "", updatedAt: new Date(p.updatedAt).toISOString() })),
  };
}
