import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { OutboxTransport } from "./outbox";
import { SmtpTransport } from "./smtp";
import { encodedWords, headerLine, headerText } from "./headers";
import { BuiltInListProvider } from "../listProviders/builtIn";
import { composeListEmail } from "../../mailingLists/compose";
import { recipient } from "../listProviders/testEmail";
import type { Chapter } from "../../models/Chapter";
import type { ListMessage } from "../../models/ListMessage";

const INJECTED = "Hi\r\nBcc: injected@evil.example";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function outbox() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-test-"));
  dirs.push(dir);
  return new OutboxTransport(dir, "Chapterhouse <no-reply@example.org>");
}

/** The header lines of a raw message, continuation lines joined to the line they continue. */
function headersOf(raw: string): string[] {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
  return head.split("\r\n").reduce<string[]>((lines, line) => {
    if (/^[ \t]/.test(line) && lines.length) lines[lines.length - 1] += line;
    else lines.push(line);
    return lines;
  }, []);
}

const decodeWords = (value: string) => value.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/g, (_, b64: string) => Buffer.from(b64, "base64").toString("utf8")).trim();

describe("mail headers: no user text adds a header line", () => {
  it("a list email whose stored title holds CRLF + Bcc leaves no Bcc header in the outbox (built-in provider)", async () => {
    const mail = outbox();
    const message = { id: 7, title: INJECTED, body: "Hello" } as ListMessage;
    const chapter = { id: 3, title: "Springfield", city: "Springfield" } as Chapter;
    await new BuiltInListProvider(mail).sendBatch(
      "1",
      composeListEmail(message, chapter),
      [recipient(1, "ann@example.org"), recipient(2, "bob@example.org")],
      {},
    );
    const files = fs.readdirSync(mail.dir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const headers = headersOf(fs.readFileSync(path.join(mail.dir, file), "utf8"));
      expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
      expect(headers.map((h) => h.split(":")[0])).toEqual([
        "From",
        "To",
        "Subject",
        "Date",
        "List-Unsubscribe",
        "List-Unsubscribe-Post",
        "MIME-Version",
        "Content-Type",
      ]);
      expect(headers).toContain("Subject: Hi Bcc: injected@evil.example");
    }
  });

  it("every header field of the outbox is one line, non-ASCII text encoded (RFC 2047) and folded", async () => {
    const mail = outbox();
    await mail.send({
      to: "ann@example.org\r\nBcc: x@evil.example",
      subject: "Café ☕ night\u2028Bcc: y@evil.example",
      text: "Body\r\nBcc: stays in the body",
      headers: { "X-Note": "a\nBcc: z@evil.example" },
    });
    const [file] = fs.readdirSync(mail.dir);
    const raw = fs.readFileSync(path.join(mail.dir, file), "utf8");
    const headers = headersOf(raw);
    expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    expect(headers).toContain("To: ann@example.org Bcc: x@evil.example");
    expect(headers).toContain("X-Note: a Bcc: z@evil.example");
    const subject = headers.find((h) => h.startsWith("Subject: "))!;
    expect(subject).toMatch(/^Subject: =\?UTF-8\?B\?/);
    expect(decodeWords(subject.slice("Subject: ".length))).toBe("Café ☕ night Bcc: y@evil.example");
    expect(
      raw
        .slice(0, raw.indexOf("\r\n\r\n"))
        .split("\r\n")
        .every((l) => l.length <= 78),
    ).toBe(true);
    expect(raw).toContain("\r\n\r\nBody\r\nBcc: stays in the body");
  });

  it("SMTP (nodemailer) gets single-line header values too", async () => {
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    const sent: string[] = [];
    const sendMail = stream.sendMail.bind(stream);
    stream.sendMail = (async (options: nodemailer.SendMailOptions) => {
      const info = await sendMail(options);
      sent.push(String((info as { message: Buffer }).message));
      return info;
    }) as typeof stream.sendMail;
    await new SmtpTransport(stream, "Chapterhouse <no-reply@example.org>").send({
      to: "ann@example.org",
      subject: INJECTED,
      text: "Hello",
      headers: { "List-Unsubscribe": "<https://x.example/u>\r\nBcc: z@evil.example" },
    });
    const headers = headersOf(sent[0]);
    expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    expect(headers).toContain("Subject: Hi Bcc: injected@evil.example");
  });
});

describe("headerText and headerLine", () => {
  it("turn every line break and control character into one line", () => {
    expect(headerText("a\r\n b\rc\nd\u0085e\u2028f\u2029g\th\u0000i\u007fj")).toBe("a b c d e f g hij");
    expect(headerLine("Subject", "  plain  ")).toBe("Subject: plain");
    expect(() => headerLine("Bad\r\nName", "x")).toThrow(/Not a mail header name/);
    expect(() => headerLine("Bad:Name", "x")).toThrow(/Not a mail header name/);
  });

  it("keep an address readable when only its name needs encoding", () => {
    expect(headerLine("From", "Zoë <z@example.org>")).toBe(`From: ${encodedWords("Zoë")[0]} <z@example.org>`);
  });

  it("split encoded-words on character boundaries, each at most 75 characters", () => {
    const words = encodedWords("€".repeat(40));
    expect(words.length).toBeGreaterThan(1);
    expect(words.every((w) => w.length <= 75)).toBe(true);
    expect(decodeWords(words.join(" "))).toBe("€".repeat(40));
  });
});
