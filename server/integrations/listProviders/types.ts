import type { ActiveListProvider } from "../../contracts/mailingList";

/** One recipient of a list email, with the personal unsubscribe link every list email carries. */
export interface Recipient {
  contactId: number;
  email: string;
  /** Link for the body (the unsubscribe page). */
  unsubscribePageUrl: string;
  /** One-click URL for the List-Unsubscribe header (RFC 8058 POST). */
  unsubscribeUrl: string;
  /** This email to this person, for good (`list-message-{id}-contact-{id}`); passed on where the provider takes one. */
  idempotencyKey: string;
}

/** The email, rendered per recipient (the personal links differ), or with placeholders for providers that merge. */
export interface ListEmail {
  subject: string;
  /** A stable reference for this email (our list message id), for providers that keep a copy. */
  ref: string;
  chapterId: number;
  /** The sender's display name, "{host} via {chapter}"; the address is always the network's own (MAIL_FROM). */
  fromName: string;
  /** Where replies go: the chapter's alias address, else the host who wrote it; empty: nowhere in particular. */
  replyTo: string;
  /** The List-Id header's value, `<{chapter slug}.{mail domain}>` (RFC 2919). */
  listId: string;
  html(links: { unsubscribePageUrl: string }): string;
  text(links: { unsubscribePageUrl: string }): string;
}

export interface SendResult {
  sent: number[];
  /** Recipients the provider refused for good (bad address); they are not retried. */
  failed: { contactId: number; error: string }[];
}

/** A provider call that did not work; retryable ones are tried again later by the job queue. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly opts: { retryable: boolean; retryAfterMs?: number; status?: number } = { retryable: true },
    /** The provider's own error code (e.g. Brevo's `duplicate_parameter`), when it gives one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Part of a batch went out before the provider failed: record those, retry the rest. */
export class PartialSendError extends Error {
  constructor(
    readonly result: SendResult,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A contact status the provider reports back (unsubscribed at the provider, bounced). */
export interface ProviderStatusChange {
  email: string;
  status: "unsub" | "blocked";
}

/**
 * One email-marketing provider. Our database holds every list; a provider only mirrors it (contacts) and
 * carries list emails. Every call is idempotent, so the job queue may retry any of them.
 */
export interface ListProvider {
  readonly name: ActiveListProvider;
  /**
   * How long after an email was handed over it may be handed over again with the same idempotency key and
   * still be delivered once (the repeat is dropped): Infinity for the built-in provider (the outbox keeps one
   * file per key; over SMTP the key is the Message-ID receivers drop repeats by), Brevo's key lifetime with a
   * margin, 0 where the provider takes no key. Past it, an interrupted delivery is never sent again.
   */
  readonly resendWindowMs: number;
  /** Recipients handed over per sendBatch call: at most this many are left undecided by a crash during one. */
  readonly sendChunk: number;
  /** Puts the address on the provider's list (creating the contact if needed). */
  upsertContact(listId: string, email: string): Promise<void>;
  /** Takes the address off the provider's list (fine when it is not there). */
  removeContact(listId: string, email: string): Promise<void>;
  /**
   * Sends the email to these recipients. `state` persists between the batches of one email (e.g. the id of a
   * message the provider keeps). Throws PartialSendError when some went out before a failure.
   */
  sendBatch(listId: string, email: ListEmail, recipients: Recipient[], state: Record<string, string>): Promise<SendResult>;
  /** Status changes since a time, for providers without webhooks (Bronto); absent otherwise. */
  statusChangesSince?(since: Date): Promise<ProviderStatusChange[]>;
  /**
   * Creates a mailing list for a chapter and answers its id at the provider; absent for the built-in provider,
   * whose lists are ours alone. A retry after an attempt whose answer was lost must not make a second list
   * where the provider can find the first by its name.
   */
  createList?(name: string): Promise<string>;
  /** Checks the credentials; throws ProviderError when they do not work. */
  ping(): Promise<void>;
}
