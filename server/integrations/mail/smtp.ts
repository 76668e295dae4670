import nodemailer from "nodemailer";
import { mailOptions } from "./mime";
import type { MailMessage, MailTransport } from "./types";

/**
 * Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587), or another nodemailer transport, with the
 * options of the one MIME writer (mime.ts). A keyed message carries its key in its Message-ID, so a message sent
 * again is the same message to the receiving servers (Gmail keeps one copy); but the relay accepts it twice, so
 * this transport does not honour keys itself.
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

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail(mailOptions(message, this.from));
  }
}
