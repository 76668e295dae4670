import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OutboxTransport } from "./outbox";

const dirs: string[] = [];
function outbox() {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "outbox-test-")), "outbox");
  dirs.push(path.dirname(dir));
  return new OutboxTransport(dir, "Chapterhouse <no-reply@example.org>");
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const message = (to: string, idempotencyKey?: string) => ({ to, subject: "Trivia night", text: "Come along!", idempotencyKey });

describe("the outbox transport", () => {
  it("writes a keyed message once, however often and from however many senders it is sent", async () => {
    const box = outbox();
    expect(box.honoursIdempotencyKey).toBe(true);
    await Promise.all(Array.from({ length: 10 }, () => box.send(message("ann@example.org", "list-message-7-contact-3"))));
    await box.send(message("ann@example.org", "list-message-7-contact-3"));
    await box.send(message("bob@example.org", "list-message-7-contact-4"));
    expect(fs.readdirSync(box.dir).sort()).toEqual(["list-message-7-contact-3.eml", "list-message-7-contact-4.eml"]);
    const text = fs.readFileSync(path.join(box.dir, "list-message-7-contact-3.eml"), "utf8");
    expect(text).toContain("To: ann@example.org\r\n");
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(`${box.dir}.partial`)).toEqual([]);
  });

  it("writes every message without a key", async () => {
    const box = outbox();
    await box.send(message("ann@example.org"));
    await box.send(message("ann@example.org"));
    expect(fs.readdirSync(box.dir)).toHaveLength(2);
  });
});
