import nodemailer from "nodemailer";
import { headerText, withSafeHeaders } from "./headers";
import { messageIdFor, type MailMessage, type MailTransport } from "./types";

/**
 * Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587), or another nodemailer transport. A keyed
 * message carries its key in its Message-ID, but an SMTP relay accepts the same message twice, so this
 * transport does not honour keys.
 */
export class SmtpTransport implements MailTransport {
  readonly name = "smtp";
  private readonly transporter: nodemailer.Transporter;
  constructor(
    urlOrTransporter: string | nodemailer.Transporter,
    private readonly from: string,
  ) {
    this.transporter = typeof urlOrTransporter === "string" ? nodemailer.createTransport(urlOrTransporter) : urlOrTransporter;
  }

  async send(original: MailMessage): Promise<void> {
    // Single-line header values whatever nodemailer does with them; it encodes non-ASCII text itself.
    const message = withSafeHeaders(original);
    await this.transporter.sendMail({
      from: headerText(this.from),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      messageId: message.idempotencyKey ? messageIdFor(headerText(message.idempotencyKey), this.from) : undefined,
    });
  }
}
