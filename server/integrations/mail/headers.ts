/**
 * Mail header values: the one place user text (a list email's title, names, addresses) becomes a header, for
 * every transport and provider. A value is always one line: line breaks and other control characters become
 * spaces, so no text can add a header (`Bcc:`) or end the headers early, whatever got past validation (old
 * rows included). The outbox also encodes non-ASCII text as RFC 2047 encoded-words; SMTP (nodemailer) and the
 * providers encode it themselves.
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
export function headerName(name: string): string {
  if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) throw new Error(`Not a mail header name: ${JSON.stringify(name)}`);
  return name;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** An encoded-word is at most 75 characters: "=?UTF-8?B?" + base64 + "?=" leaves 63 for base64, 45 bytes. */
const WORD_BYTES = 45;

/** RFC 2047 "B" encoded-words of at most 75 characters, never splitting a character between two words. */
export function encodedWords(text: string): string[] {
  const words: string[] = [];
  let chunk = "";
  for (const char of text) {
    if (Buffer.byteLength(chunk + char) > WORD_BYTES) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk || !words.length) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString("base64")}?=`);
}

/**
 * A whole header line as the outbox writes it: `Name: value`, single-line, non-ASCII text (or text too long
 * for one line) as encoded-words folded onto continuation lines. Addresses keep their `<addr>` readable.
 */
export function headerLine(name: string, value: string): string {
  const text = headerText(value);
  if (PRINTABLE_ASCII.test(text) && text.length <= 900) return `${headerName(name)}: ${text}`;
  const address = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(text);
  if (address && PRINTABLE_ASCII.test(address[2])) return `${headerName(name)}: ${encodedWords(address[1]).join("\r\n ")} <${address[2]}>`;
  return `${headerName(name)}: ${encodedWords(text).join("\r\n ")}`;
}
