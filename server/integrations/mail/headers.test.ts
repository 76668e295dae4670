import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import type { AddressObject } from "mailparser";
import { OutboxTransport } from "./outbox";
import { SmtpTransport } from "./smtp";
import { headerText, parseAddress } from "./headers";
import { BuiltInListProvider } from "../listProviders/builtIn";
import { composeListEmail } from "../../mailingLists/compose";
import { recipient } from "../listProviders/testEmail";
import { readMail } from "../../test/mime";
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

const addresses = (a: AddressObject | AddressObject[] | undefined) => [a ?? []].flat().flatMap((o) => o.value.map((v) => v.address));

describe("mail headers: no user text adds a header line", () => {
  it("a list email whose stored title holds CRLF + Bcc leaves no Bcc header in the outbox (built-in provider)", async () => {
    const mail = outbox();
    const message = { id: 7, title: INJECTED, body: "Hello" } as ListMessage;
    const chapter = { id: 3, title: "Springfield", city: "Springfield" } as Chapter;
    await new BuiltInListProvider(mail).sendBatch(
      "1",
      composeListEmail(message, { chapter, type: null, host: null, mailDomain: "", networkDomain: "example.org", postalAddress: "" }),
      [recipient(1, "ann@example.org"), recipient(2, "bob@example.org")],
      {},
    );
    const files = fs.readdirSync(mail.dir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const raw = fs.readFileSync(path.join(mail.dir, file));
      const headers = headersOf(raw.toString("latin1"));
      expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
      expect(headers.map((h) => h.split(":")[0]).sort()).toEqual(
        ["Content-Type", "Date", "From", "List-ID", "List-Unsubscribe", "List-Unsubscribe-Post", "MIME-Version", "Message-ID", "Subject", "To"].sort(),
      );
      expect(headers).toContain("Subject: Hi Bcc: injected@evil.example");
      const { parsed } = await readMail(raw);
      expect(parsed.bcc).toBeUndefined();
      expect(addresses(parsed.to)).toHaveLength(1);
    }
  });

  it("every header field of the outbox is one line, non-ASCII text encoded and folded, and no text adds a recipient", async () => {
    const mail = outbox();
    await mail.send({
      to: "ann@example.org\r\nBcc: x@evil.example",
      subject: "Café ☕ night\u2028Bcc: y@evil.example",
      text: "Body\r\nBcc: stays in the body",
      headers: { "X-Note": "a\nBcc: z@evil.example" },
    });
    const [file] = fs.readdirSync(mail.dir);
    const raw = fs.readFileSync(path.join(mail.dir, file));
    const text = raw.toString("latin1");
    const headers = headersOf(text);
    expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    expect(headers).toContain("X-Note: a Bcc: z@evil.example");
    // The whole text is one address: "ann@example.org Bcc: x" as a quoted local part, not a group naming x@evil.example.
    const { parsed } = await readMail(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(addresses(parsed.to)).toEqual(['"ann@example.org Bcc: x"@evil.example']);
    expect(parsed.subject).toBe("Café ☕ night Bcc: y@evil.example");
    expect(headers.find((h) => h.startsWith("Subject: "))).toMatch(/^Subject: =\?UTF-8\?[QB]\?/);
    expect(
      text
        .slice(0, text.indexOf("\r\n\r\n"))
        .split("\r\n")
        .every((l) => l.length <= 78),
    ).toBe(true);
    expect(parsed.text?.trim()).toBe("Body\nBcc: stays in the body");
  });

  it("SMTP (nodemailer) gets single-line header values too, and only the one recipient", async () => {
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    const sent: { envelope: { to: string[] }; message: Buffer }[] = [];
    const sendMail = stream.sendMail.bind(stream);
    stream.sendMail = (async (options: nodemailer.SendMailOptions) => {
      const info = await sendMail(options);
      sent.push(info as unknown as (typeof sent)[number]);
      return info;
    }) as typeof stream.sendMail;
    await new SmtpTransport(stream, "Chapterhouse <no-reply@example.org>").send({
      to: "ann@example.org Bcc: x@evil.example",
      subject: INJECTED,
      text: "Hello",
      headers: { "List-Unsubscribe": "<https://x.example/u>\r\nBcc: z@evil.example" },
    });
    const headers = headersOf(String(sent[0].message));
    expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    expect(headers).toContain("Subject: Hi Bcc: injected@evil.example");
    expect(sent[0].envelope.to).toEqual(['"ann@example.org Bcc: x"@evil.example']);
  });
});

describe("headerText and parseAddress", () => {
  it("turn every line break and control character into one line", () => {
    expect(headerText("a\r\n b\rc\nd\u0085e\u2028f\u2029g\th\u0000i\u007fj")).toBe("a b c d e f g hij");
    expect(headerText("  plain  ")).toBe("plain");
  });

  it("split a sender into its name and address", () => {
    expect(parseAddress("Chapterhouse <no-reply@example.org>")).toEqual({ name: "Chapterhouse", email: "no-reply@example.org" });
    expect(parseAddress('"Zoë" <z@example.org>')).toEqual({ name: "Zoë", email: "z@example.org" });
    expect(parseAddress("z@example.org")).toEqual({ name: "", email: "z@example.org" });
  });
});
