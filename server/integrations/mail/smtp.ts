import nodemailer from "nodemailer";
import type { MailMessage, MailTransport } from "./types";

/** Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
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
    });
  }
}
