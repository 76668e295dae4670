import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { headerLine } from "./headers";
import type { MailMessage, MailTransport } from "./types";

/** The built-in transport: each message becomes an .eml file under DATA_DIR/outbox. */
export class OutboxTransport implements MailTransport {
  readonly name = "outbox";
  constructor(readonly dir: string, private readonly from: string) {}

  async send(message: MailMessage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(this.dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
    // Every header goes through headerLine: no text can add a header or end them early (headers.ts).
    const headers = [
      headerLine("From", this.from),
      headerLine("To", message.to),
      headerLine("Subject", message.subject),
      headerLine("Date", new Date().toUTCString()),
      ...Object.entries(message.headers ?? {}).map(([k, v]) => headerLine(k, v)),
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
    ];
    await fs.writeFile(file, `${headers.join("\r\n")}\r\n\r\n${message.text}\r\n`, "utf8");
  }
}
