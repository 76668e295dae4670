import nodemailer from "nodemailer";
import { messageIdFor, type MailMessage, type MailTransport } from "./types";

/**
 * Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). A keyed message carries its key in its
 * Message-ID, but an SMTP relay accepts the same message twice, so this transport does not honour keys.
 */
export class SmtpTransport implements MailTransport {
  readonly name = "smtp";
  private readonly transporter: nodemailer.Transporter;
  constructor(url: string, private readonly from: string) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      messageId: message.idempotencyKey ? messageIdFor(message.idempotencyKey, this.from) : undefined,
    });
  }
}
