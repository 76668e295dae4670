import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { mimeMessage } from "./mime";
import type { MailMessage, MailTransport } from "./types";

/**
 * The built-in transport: each message becomes an .eml file under DATA_DIR/outbox, holding exactly the bytes
 * SMTP would send (the one MIME writer, mime.ts), so what a developer reads is what members get. A message with an
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
    const content = await mimeMessage(message, this.from);
    const random = crypto.randomBytes(4).toString("hex");
    if (!message.idempotencyKey) {
      await fs.writeFile(path.join(this.dir, `${stamp}-${random}.eml`), content);
      return;
    }
    const name = `${message.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, "_")}.eml`;
    const partialDir = `${this.dir}.partial`;
    await fs.mkdir(partialDir, { recursive: true });
    const partial = path.join(partialDir, `${random}-${name}`);
    await fs.writeFile(partial, content);
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
