import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { headerText, parseAddress, withSafeHeaders } from "./headers";
import { messageIdFor, type MailMessage } from "./types";

/**
 * Text in MIME's canonical form: every line ends in CRLF. nodemailer's SMTP connection turns bare LFs into CRLF
 * on the wire, but its stream transport (the outbox) writes them as given, so both get CRLF from here.
 */
const crlf = (text: string) => text.replace(/\r\n|\r|\n/g, "\r\n");

/**
 * The one MIME writer (issue 29). Every transport hands nodemailer the same options, built here, so the
 * outbox file and what SMTP sends are the same message: Message-ID (our key's when it has one) and Date,
 * multipart/alternative when there is HTML, non-ASCII text quoted-printable or base64, CRLF lines. Header
 * values are single-line first (headers.ts); addresses go over as objects, so no text can add a recipient
 * (a string "a@x.org Bcc: b@y.org" would be read as a group naming b@y.org).
 */
export function mailOptions(original: MailMessage, mailFrom: string): Mail.Options {
  const message = withSafeHeaders(original);
  const network = parseAddress(headerText(mailFrom));
  return {
    // Always the network's own address (DMARC alignment); a list email shows "{host} via {chapter}" as its name.
    from: { name: message.fromName ? headerText(message.fromName) : network.name, address: network.email },
    to: { name: "", address: message.to },
    ...(message.replyTo ? { replyTo: { name: "", address: headerText(message.replyTo) } } : {}),
    subject: message.subject,
    text: crlf(message.text),
    ...(message.html ? { html: crlf(message.html) } : {}),
    headers: message.headers,
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((a) => ({ filename: headerText(a.filename), contentType: headerText(a.contentType), content: a.content })) }
      : {}),
    ...(message.idempotencyKey ? { messageId: messageIdFor(headerText(message.idempotencyKey), network.email) } : {}),
  };
}

const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

/** The message as the bytes SMTP would send (nodemailer's stream transport). */
export async function mimeMessage(message: MailMessage, mailFrom: string): Promise<Buffer> {
  const info = await writer.sendMail(mailOptions(message, mailFrom));
  return info.message as Buffer;
}
