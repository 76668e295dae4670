import type { MailTransport } from "../mail";
import { PartialSendError, type ListEmail, type ListProvider, type Recipient, type SendResult } from "./types";

/**
 * Headers every list email carries: which list it is (List-Id, RFC 2919), so mail clients can filter it, and
 * one-click unsubscribe (RFC 2369, RFC 8058).
 */
export function listHeaders(email: Pick<ListEmail, "listId">, r: Recipient): Record<string, string> {
  return {
    "List-Id": email.listId,
    "List-Unsubscribe": `<${r.unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The default provider, needing no outside service: contacts live only in our database, and list emails go
 * out one per recipient through the mail transport (SMTP when SMTP_URL is set, otherwise DATA_DIR/outbox),
 * each with its idempotency key.
 */
export class BuiltInListProvider implements ListProvider {
  readonly name = "builtIn" as const;
  constructor(private readonly mail: MailTransport) {}

  /**
   * An email a stopped worker left undecided is always handed over again. The outbox delivers a key once,
   * forever. Over SMTP the key is the Message-ID (`<list-message-M-contact-C@{MAIL_FROM's domain}>`, mime.ts):
   * a relay takes the repeat, but it is the same message, which receiving servers such as Gmail drop when they
   * have the first copy; a person whose mail server keeps both sees one message twice, never misses it. So that
   * at most ten people can get such a second copy, SMTP recipients go ten at a time (two commits per ten).
   */
  readonly resendWindowMs = Infinity;
  get sendChunk(): number {
    return this.mail.honoursIdempotencyKey ? 50 : 10;
  }

  async upsertContact(): Promise<void> {}
  async removeContact(): Promise<void> {}
  async ping(): Promise<void> {}

  async sendBatch(_listId: string, email: ListEmail, recipients: Recipient[], _state: Record<string, string>): Promise<SendResult> {
    const result: SendResult = { sent: [], failed: [] };
    for (const r of recipients) {
      try {
        await this.mail.send({
          to: r.email,
          fromName: email.fromName,
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          subject: email.subject,
          text: email.text(r),
          html: email.html(r),
          headers: listHeaders(email, r),
          idempotencyKey: r.idempotencyKey,
        });
        result.sent.push(r.contactId);
      } catch (err) {
        if (result.sent.length) throw new PartialSendError(result, err);
        throw err;
      }
    }
    return result;
  }
}
