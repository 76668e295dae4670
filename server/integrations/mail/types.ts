/** A file carried by a message (an RSVP's meetup as an .ics). */
interface MailAttachment {
  filename: string;
  /** The MIME type, with parameters (e.g. `text/calendar; charset=utf-8; method=PUBLISH`). */
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part; with `html`, the message is multipart/alternative. */
  text: string;
  html?: string;
  /** The sender's display name; the address is always MAIL_FROM's (a list email: "{host} via {chapter}"). */
  fromName?: string;
  /** Where replies go (a list email: the chapter's alias, or its host). */
  replyTo?: string;
  headers?: Record<string, string>;
  /** Files after the text (and HTML): the message becomes multipart/mixed. */
  attachments?: MailAttachment[];
  /**
   * Names this message for good (e.g. `list-message-12-contact-34`): SMTP sends it as the Message-ID, the outbox
   * as the file name; a transport that honours keys delivers a message with a key it has seen before only once.
   */
  idempotencyKey?: string;
}

/** Where mail goes: SMTP when configured, otherwise the outbox folder. */
export interface MailTransport {
  readonly name: string;
  /** True when sending a message again with the same idempotencyKey delivers nothing new (the outbox). */
  readonly honoursIdempotencyKey?: boolean;
  send(message: MailMessage): Promise<void>;
}

/** The Message-ID of a keyed message, at the sender's domain. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${key}@${domain}>`;
}
