import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { headerLine } from "./headers";
import type { MailMessage, MailTransport } from "./types";

/**
 * The built-in transport: each message becomes an .eml file under DATA_DIR/outbox. A message with an
 * idempotency key is the file `{key}.eml` (the key names it; the headers stay as for any message), written
 * whole beside the folder and linked in, so sending it again (after a crash, from any process) finds the file
 * there and delivers nothing new.
 */
export class OutboxTransport implements MailTransport {
  readonly name = "outbox";
  readonly honoursIdempotencyKey = true;
  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
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
    const content = `${headers.join("\r\n")}\r\n\r\n${message.text}\r\n`;
    const random = crypto.randomBytes(4).toString("hex");
    if (!message.idempotencyKey) {
      await fs.writeFile(path.join(this.dir, `${stamp}-${random}.eml`), content, "utf8");
      return;
    }
    const name = `${message.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, "_")}.eml`;
    const partialDir = `${this.dir}.partial`;
    await fs.mkdir(partialDir, { recursive: true });
    const partial = path.join(partialDir, `${random}-${name}`);
    await fs.writeFile(partial, content, "utf8");
    try {
      // link() fails with EEXIST when the key was delivered before: that delivery stands.
      await fs.link(partial, path.join(this.dir, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      await fs.rm(partial, { force: true });
    }
  }
}
