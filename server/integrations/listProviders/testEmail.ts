import type { ListEmail, ProviderError, Recipient } from "./types";

/** A list email and recipients for the adapter tests. */
export const testEmail: ListEmail = {
  subject: "Trivia night",
  ref: "7",
  chapterId: 3,
  fromName: "Hal Host via Springfield",
  replyTo: "springfield@drinkingliberally.org",
  listId: "<springfield.drinkingliberally.org>",
  html: (l) => `<p>Come along!</p><p><a href="${l.unsubscribePageUrl}">Unsubscribe</a></p>`,
  text: (l) => `Come along!\n\nUnsubscribe: ${l.unsubscribePageUrl}`,
};

let sends = 0;
/** A recipient of a new email each time (its own idempotency key), as the adapter tests send separate emails. */
export const recipient = (contactId: number, email: string): Recipient => ({
  contactId,
  email,
  unsubscribePageUrl: `http://localhost/unsubscribe/tok${contactId}`,
  unsubscribeUrl: `http://localhost/api/mailing_list/unsubscribe/tok${contactId}`,
  idempotencyKey: `list-message-${7000 + ++sends}-contact-${contactId}`,
});

/** The error an adapter call fails with; the test fails when the call succeeds. */
export async function caught(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error("expected a failure");
}
