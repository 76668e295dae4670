import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

/** A raw message parsed by an independent MIME parser (mailparser), with its bytes. */
export interface ReadMail {
  raw: Buffer;
  parsed: ParsedMail;
  /** A header of the top level as mailparser gives it ("list" holds List-Id and List-Unsubscribe). */
  header(name: string): unknown;
}

export async function readMail(raw: Buffer): Promise<ReadMail> {
  const parsed = await simpleParser(raw);
  return { raw, parsed, header: (name) => parsed.headers.get(name.toLowerCase()) };
}

/** Every message in an outbox folder, read and parsed. */
export async function readOutbox(dir: string): Promise<ReadMail[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).sort();
  return Promise.all(files.map((f) => readMail(fs.readFileSync(path.join(dir, f)))));
}

/** The header block of each part (the top level first), continuation lines joined. */
function headerBlocks(raw: string): string[][] {
  const unfold = (block: string) => block.replace(/\r\n[ \t]+/g, " ").split("\r\n");
  const blocks = [unfold(raw.slice(0, raw.indexOf("\r\n\r\n")))];
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  for (const boundary of boundaries) {
    let at = raw.indexOf(`\r\n--${boundary}\r\n`);
    while (at >= 0) {
      const start = at + boundary.length + 6;
      blocks.push(unfold(raw.slice(start, raw.indexOf("\r\n\r\n", start))));
      at = raw.indexOf(`\r\n--${boundary}\r\n`, start);
    }
  }
  return blocks;
}

/**
 * What is wrong with a raw message by the rules every message we send keeps (issue 29): lines end in CRLF
 * only, the bytes are 7-bit (non-ASCII text travels in a declared transfer encoding), it has a Message-ID and
 * a Date, and every text part declares its Content-Transfer-Encoding. Empty when nothing is.
 */
export async function mimeProblems(raw: Buffer): Promise<string[]> {
  const problems: string[] = [];
  const text = raw.toString("latin1");
  if (/(^|[^\r])\n/.test(text)) problems.push("a line ends in a bare LF");
  if (/\r(?!\n)/.test(text)) problems.push("a bare CR");
  if (/[^\x00-\x7f]/.test(text)) problems.push("8-bit bytes (non-ASCII text without a transfer encoding)");
  const { parsed } = await readMail(raw);
  if (!parsed.messageId || !/^<[^<>@\s]+@[^<>@\s]+>$/.test(parsed.messageId)) problems.push(`Message-ID: ${parsed.messageId}`);
  if (!(parsed.date instanceof Date) || Number.isNaN(parsed.date.getTime()) || !/^Date: /m.test(text)) problems.push("no Date");
  for (const block of headerBlocks(text)) {
    const type = block.find((l) => /^content-type:/i.test(l)) ?? "";
    if (!/text\//i.test(type)) continue;
    const cte = block.find((l) => /^content-transfer-encoding:/i.test(l));
    if (!cte || !/:\s*(7bit|quoted-printable|base64)\s*$/i.test(cte)) problems.push(`${type} without a Content-Transfer-Encoding`);
  }
  return problems;
}
