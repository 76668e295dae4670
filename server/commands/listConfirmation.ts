import crypto from "node:crypto";
import type { Knex } from "knex";
import { displayTitle } from "../contracts/chapter";
import type { ListConfirmationInfo } from "../contracts/mailingList";
import { ApiError } from "../errors";
import { isPostgres } from "../db";
import { Chapter } from "../models/Chapter";
import { EmailSettings } from "../models/EmailSettings";
import { MailingListContact } from "../models/MailingListContact";
import { enqueueContactSync, findOrInsertContact } from "../mailingLists/contacts";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { automaticMessage, chapterLook, composeLetter } from "../mail/letter";
import { chapterContact } from "../lib/networkContact";
import { enqueueListWelcome } from "./listWelcome";

/** How long a confirmation link works. */
const CONFIRMATION_LIFETIME_MS = 7 * 24 * 3600_000;

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const invalidLink = () => new ApiError(404, "not_found", "This confirmation link is invalid or has expired.");

/** The General Settings switch: do public list signups need confirming by email? Off by default. */
export async function listSignupsNeedConfirmation(): Promise<boolean> {
  return Boolean((await EmailSettings.query().findById(1))?.listDoubleOptIn);
}

/**
 * A public signup with double opt-in: a new address is stored as unconfirmed; one already on the list in another
 * state (left, deleted, bounced) keeps that state until the link is followed. A fresh link goes out by mail and
 * any earlier one stops working. An active member changes nothing and gets no mail.
 */
export async function requestListConfirmation(s: Services, chapter: Chapter, email: string): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const pending = await s.knex.transaction(async (trx) => {
    const { contact } = await findOrInsertContact(chapter.id, email, "unconfirmed", trx);
    if (contact.status === "active") return false;
    await contact.$query(trx).patch({ confirmTokenHash: sha256(token), confirmRequestedAt: new Date().toISOString() });
    return true;
  });
  if (!pending) return;
  const name = displayTitle(chapter);
  const link = `${s.config.publicUrl}/confirm_subscription/${token}`;
  const letter = composeLetter({
    subject: `Please confirm your subscription to the ${name} mailing list`,
    greeting: "Hi,",
    blocks: [
      `Someone, hopefully you, asked to join the ${name} mailing list with this address. To confirm, open this link within 7 days:`,
      link,
      "If you did not ask for this, ignore this email and you will not be added.",
    ],
    why: `You are receiving this email because this address was entered to join the ${name} mailing list.`,
    look: await chapterLook(chapter),
  });
  await s.mail.send(automaticMessage(email, letter, (await chapterContact(s, chapter.id)).email));
}

const isPending = (c: MailingListContact) => Boolean(c.confirmRequestedAt) && Date.parse(c.confirmRequestedAt!) + CONFIRMATION_LIFETIME_MS > Date.now();

async function presentConfirmation(contact: MailingListContact): Promise<ListConfirmationInfo> {
  const chapter = await Chapter.query().findById(contact.chapterId);
  return { email: contact.email, chapterName: chapter ? displayTitle(chapter) : "", confirmed: contact.status === "active" && !contact.confirmRequestedAt };
}

/** The contact a link names while it means something: pending, or already followed (and still active). */
function usable(contact: MailingListContact | undefined): MailingListContact {
  if (!contact || !(isPending(contact) || (!contact.confirmRequestedAt && contact.status === "active"))) throw invalidLink();
  return contact;
}

/** The contact a link names (locked on Postgres inside a transaction). */
async function byToken(token: string, trx?: Knex.Transaction): Promise<MailingListContact | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const query = MailingListContact.query(trx).findOne({ confirmTokenHash: sha256(token) });
  if (trx && isPostgres(trx)) query.forUpdate();
  return query;
}

/** What the confirmation page shows before the click. */
export async function confirmationInfo(token: string): Promise<ListConfirmationInfo> {
  return presentConfirmation(usable(await byToken(token)));
}

/** Following the link: the contact becomes active and is handed to the provider the normal way. Idempotent. */
export async function confirmListSignup(s: Services, token: string): Promise<ListConfirmationInfo> {
  const contact = await s.knex.transaction(async (trx) => {
    const found = usable(await byToken(token, trx));
    if (!isPending(found)) return found;
    const confirmed = await found.$query(trx).patchAndFetch({ status: "active", deletedAt: null, confirmRequestedAt: null });
    await enqueueContactSync(s, found.id, trx);
    await enqueueListWelcome(s, found.id, trx);
    await recordActivity(
      {
        type: "mailing_list",
        title: `${found.email} joined the mailing list`,
        note: "Confirmed by email",
        userId: null,
        chapterId: found.chapterId,
        objectId: found.id,
      },
      trx,
    );
    return confirmed;
  });
  return presentConfirmation(contact);
}
