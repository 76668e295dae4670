/**
 * Mail header values: the one place user text (a list email's title, names, addresses) becomes a header, for
 * every transport and provider. A value is always one line: line breaks and other control characters become
 * spaces, so no text can add a header (`Bcc:`) or end the headers early, whatever got past validation (old
 * rows included). Encoding non-ASCII text is the MIME writer's job (nodemailer, mime.ts) or the provider's.
 */
import type { MailMessage } from "./types";

/** A line break, or whitespace around one: the run becomes one space. */
const BREAKS = /[ \t]*(?:\r\n|[\r\n\u0085\u2028\u2029])[ \t]*/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Header text: one line, no control characters. */
export function headerText(value: string): string {
  return String(value).replace(BREAKS, " ").replace(/\t/g, " ").replace(CONTROLS, "").trim();
}

/** The message with its header fields made single-line (the body is left alone). */
export function withSafeHeaders(message: MailMessage): MailMessage {
  const headers = message.headers ? Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [headerName(k), headerText(v)])) : undefined;
  return { ...message, to: headerText(message.to), subject: headerText(message.subject), ...(headers ? { headers } : {}) };
}

/** A header name: printable ASCII without a colon (RFC 5322 ftext); anything else is a programming error. */
function headerName(name: string): string {
  if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) throw new Error(`Not a mail header name: ${JSON.stringify(name)}`);
  return name;
}

/** "Name <email@host>" -> parts (nodemailer and the providers' APIs take the sender as an object). */
export function parseAddress(from: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1].trim(), email: m[2].trim() } : { name: "", email: from.trim() };
}
