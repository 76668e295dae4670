import net from "node:net";
import type { AddressInfo } from "node:net";

/** One message as an SMTP server received it: the envelope and the DATA bytes (dots unstuffed). */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

/** The Message-ID header of a received message (its header lines unfolded), or "" when it has none. */
export function messageIdOf(mail: ReceivedMail): string {
  const raw = mail.raw.toString("latin1");
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return /^Message-ID:\s*(.*)$/im.exec(head)?.[1].trim() ?? "";
}

/**
 * A small SMTP server on 127.0.0.1 for tests (RFC 5321's plain dialogue: EHLO/HELO, MAIL, RCPT, DATA, RSET,
 * NOOP, QUIT; no STARTTLS, no AUTH). It keeps every message it accepts, byte for byte, in `messages`, as soon as
 * the message's data is in; `beforeAccept` may then hold the "250 Accepted" answer back (a slow relay, or one the
 * sender dies waiting for: the message is kept, and the sender cannot know).
 */
export class FakeSmtp {
  readonly messages: ReceivedMail[] = [];
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly opts: { beforeAccept?: (mail: ReceivedMail, index: number) => Promise<void> | void } = {}) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = net.createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffer = Buffer.alloc(0);
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: "", to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp.test ESMTP");

    // Chunks are read one after another, each once the answers to the one before (held or not) are out.
    let reading = Promise.resolve();
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      reading = reading.then(read);
    });
    const read = async () => {
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const data = buffer
            .subarray(0, end + 2)
            .toString("latin1")
            .replace(/^\.\./gm, ".");
          buffer = buffer.subarray(end + 5);
          inData = false;
          const mail = { ...envelope, raw: Buffer.from(data, "latin1") };
          this.messages.push(mail);
          envelope = { from: "", to: [] };
          await this.opts.beforeAccept?.(mail, this.messages.length - 1);
          reply("250 2.0.0 Accepted");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.subarray(0, eol).toString("latin1");
        buffer = buffer.subarray(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-fake-smtp.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n");
        else if (verb === "HELO" || verb === "NOOP") reply("250 OK");
        else if (verb === "RSET") {
          envelope = { from: "", to: [] };
          reply("250 OK");
        } else if (verb === "MAIL") {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 OK");
        } else if (verb === "RCPT") {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
          return;
        } else reply("502 Command not implemented");
      }
    };
  }
}
