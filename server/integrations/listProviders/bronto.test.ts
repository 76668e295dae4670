import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BrontoListProvider, BRONTO_UNSUBSCRIBE_TAG } from "./bronto";
import { FakeBronto } from "./fakes/bronto";
import { caught, recipient, testEmail } from "./testEmail";

let fake: FakeBronto;
let bronto: BrontoListProvider;
const LIST = "0bbb03ec000000000000000000000001";

beforeAll(async () => {
  fake = await new FakeBronto().start();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.contacts.clear();
  fake.deliveries.length = 0;
  fake.calls.length = 0;
  fake.failures.recover();
  bronto = new BrontoListProvider(fake.apiToken, fake.url, "Living Liberally <no-reply@livingliberally.org>");
});

describe("Bronto adapter against the fake Bronto SOAP API", () => {
  it("logs in once, adds or updates the contact and puts it on the list", async () => {
    await bronto.upsertContact(LIST, "Ann@Example.org");
    await bronto.upsertContact(LIST, "ann@example.org");
    expect(fake.calls).toEqual(["login", "addOrUpdateContacts", "addToList", "addOrUpdateContacts", "addToList"]);
    expect(fake.listMembers(LIST)).toEqual(["ann@example.org"]);
    expect(fake.contacts.get("ann@example.org")!.status).toBe("active");
    expect(fake.contacts.get("ann@example.org")!.listAdds).toBe(1);
  });

  it("logs in again when the session expired (fault 103)", async () => {
    await bronto.upsertContact(LIST, "a@example.org");
    fake.expireSessions();
    await bronto.upsertContact(LIST, "b@example.org");
    expect(fake.calls.filter((c) => c === "login")).toHaveLength(2);
    expect(fake.listMembers(LIST)).toEqual(["a@example.org", "b@example.org"]);
  });

  it("removes a contact from the list, and is fine when it is unknown", async () => {
    await bronto.upsertContact(LIST, "a@example.org");
    await bronto.removeContact(LIST, "a@example.org");
    expect(fake.listMembers(LIST)).toEqual([]);
    await expect(bronto.removeContact(LIST, "nobody@example.org")).resolves.toBeUndefined();
  });

  it("turns faults into retryable or permanent errors", async () => {
    await bronto.ping();
    fake.failures.fail({ kind: "fault", code: 116, message: "Too many concurrent requests." }, 1);
    const throttled = await caught(bronto.upsertContact(LIST, "a@example.org"));
    expect(throttled.opts.retryable).toBe(true);
    expect(throttled.message).toContain("116: Too many concurrent requests.");
    fake.failures.fail({ kind: "status", status: 429 }, 1);
    const limited = await caught(bronto.upsertContact(LIST, "a@example.org"));
    expect(limited.opts).toEqual({ retryable: true, retryAfterMs: 1000, status: 429 });
    const invalid = await caught(bronto.upsertContact(LIST, "not-an-email"));
    expect(invalid.opts.retryable).toBe(false);
    expect(invalid.message).toContain("Invalid email address");
    const badToken = await caught(new BrontoListProvider("WRONG", fake.url, "x@example.org").ping());
    expect(badToken.message).toContain("102: Authentication failed");
    expect(badToken.opts.retryable).toBe(true);
  });

  it("sends a list email as one message and one delivery per recipient carrying its unsubscribe link", async () => {
    await bronto.upsertContact(LIST, "a@example.org");
    await bronto.upsertContact(LIST, "b@example.org");
    const state: Record<string, string> = {};
    const result = await bronto.sendBatch(LIST, testEmail, [recipient(1, "a@example.org"), recipient(2, "b@example.org")], state);
    expect(result).toEqual({ sent: [1, 2], failed: [] });
    expect(state.brontoMessageId).toMatch(/^0bba03eb/);
    const message = fake.messages.get(state.brontoMessageId)!;
    expect(message.content.map((c) => [c.type, c.subject])).toEqual([
      ["html", "Trivia night"],
      ["text", "Trivia night"],
    ]);
    expect(message.content[0].content).toContain(`href="${BRONTO_UNSUBSCRIBE_TAG}"`);
    expect(fake.deliveries.map((d) => [d.email, d.fields.unsubscribe_url, d.fromEmail])).toEqual([
      ["a@example.org", "http://localhost/unsubscribe/tok1", "no-reply@livingliberally.org"],
      ["b@example.org", "http://localhost/unsubscribe/tok2", "no-reply@livingliberally.org"],
    ]);
    // The next batch of the same email reuses the message.
    await bronto.sendBatch(LIST, testEmail, [recipient(3, "c@example.org"), recipient(4, "bad@@x")], state);
    expect(fake.messages.size).toBe(1);
    expect(fake.deliveries.map((d) => d.email)).toContain("c@example.org");
  });

  it("reports unsubscribes and bounces since a time", async () => {
    await bronto.upsertContact(LIST, "a@example.org");
    await bronto.upsertContact(LIST, "b@example.org");
    await bronto.upsertContact(LIST, "c@example.org");
    const since = new Date(Date.now() - 1000);
    fake.setStatus("a@example.org", "unsub", new Date());
    fake.setStatus("b@example.org", "bounce", new Date());
    fake.setStatus("c@example.org", "unsub", new Date(Date.now() - 60_000));
    expect(await bronto.statusChangesSince(since)).toEqual([
      { email: "a@example.org", status: "unsub" },
      { email: "b@example.org", status: "blocked" },
    ]);
  });

  it("sends a one-line subject and well-formed XML, whatever the stored text holds", async () => {
    const state: Record<string, string> = {};
    const email = {
      ...testEmail,
      subject: "Hi\r\nBcc: injected@evil.example\u0001",
      html: () => "<p>bell\u0007 and \ud800 lone</p>",
      text: () => "bell\u0007",
    };
    const result = await bronto.sendBatch(LIST, email, [recipient(1, "a@example.org")], state);
    expect(result.sent).toEqual([1]);
    const message = fake.messages.get(state.brontoMessageId)!;
    expect(message.content.map((c) => c.subject)).toEqual(["Hi Bcc: injected@evil.example", "Hi Bcc: injected@evil.example"]);
    expect(message.content.map((c) => c.content)).toEqual(["<p>bell and  lone</p>", "bell"]);
  });
});
