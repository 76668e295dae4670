import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BrevoListProvider } from "./brevo";
import { FakeBrevo } from "./fakes/brevo";
import { PartialSendError, ProviderError } from "./types";
import { caught, recipient, testEmail } from "./testEmail";

let fake: FakeBrevo;
let brevo: BrevoListProvider;

beforeAll(async () => {
  fake = await new FakeBrevo().start();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.contacts.clear();
  fake.emails.length = 0;
  fake.failures.recover();
  brevo = new BrevoListProvider(fake.apiKey, fake.url, "Living Liberally <no-reply@livingliberally.org>");
});

describe("Brevo adapter against the fake Brevo API", () => {
  it("creates a contact on the list, then updates it without duplicating it", async () => {
    await brevo.upsertContact("12", "Ann@Example.org");
    await brevo.upsertContact("12", "ann@example.org");
    await brevo.upsertContact("13", "ann@example.org");
    expect(fake.contacts.size).toBe(1);
    const c = fake.contacts.get("ann@example.org")!;
    expect([...c.listIds].sort()).toEqual([12, 13]);
    expect(fake.requests.at(-1)).toEqual({ method: "POST", path: "/v3/contacts", body: { email: "ann@example.org", listIds: [13], updateEnabled: true } });
  });

  it("removes a contact from the list, and treats an absent one as removed", async () => {
    await brevo.upsertContact("12", "ann@example.org");
    await brevo.removeContact("12", "ann@example.org");
    expect(fake.listMembers(12)).toEqual([]);
    await expect(brevo.removeContact("12", "ann@example.org")).resolves.toBeUndefined();
  });

  it("answers a rate limit with a retryable error carrying the reset time", async () => {
    fake.failures.fail({ kind: "rateLimit", resetSeconds: 7 }, 1);
    const err = await caught(brevo.upsertContact("12", "ann@example.org"));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.opts).toEqual({ retryable: true, retryAfterMs: 7000, status: 429 });
    expect(err.message).toContain("too_many_requests");
    await brevo.upsertContact("12", "ann@example.org");
    expect(fake.listMembers(12)).toEqual(["ann@example.org"]);
  });

  it("retries server errors and bad keys, but not a bad address or a non-numeric list id", async () => {
    fake.failures.fail({ kind: "status", status: 503 }, 1);
    expect((await caught(brevo.upsertContact("12", "a@example.org"))).opts.retryable).toBe(true);
    const badKey = new BrevoListProvider("wrong", fake.url, "x@example.org");
    const unauthorized = await caught(badKey.upsertContact("12", "a@example.org"));
    expect([unauthorized.opts.status, unauthorized.opts.retryable]).toEqual([401, true]);
    expect(unauthorized.message).toContain("Key not found");
    const invalid = await caught(brevo.upsertContact("12", "not-an-email"));
    expect([invalid.opts.status, invalid.opts.retryable]).toEqual([400, false]);
    expect((await caught(brevo.upsertContact("bronto-list", "a@example.org"))).opts.retryable).toBe(false);
  });

  it("sends one transactional email per recipient with its own unsubscribe link, List-Id and List-Unsubscribe headers, from the host via the chapter", async () => {
    const result = await brevo.sendBatch("12", testEmail, [recipient(1, "a@example.org"), recipient(2, "b@example.org")], {});
    expect(result).toEqual({ sent: [1, 2], failed: [] });
    expect(fake.emails.map((e) => e.to)).toEqual(["a@example.org", "b@example.org"]);
    expect(fake.emails[1].htmlContent).toContain("http://localhost/unsubscribe/tok2");
    expect(fake.emails[1].textContent).toContain("Unsubscribe: http://localhost/unsubscribe/tok2");
    expect(fake.emails[1].headers).toEqual({
      "List-Id": "<springfield.drinkingliberally.org>",
      "List-Unsubscribe": "<http://localhost/api/mailing_list/unsubscribe/tok2>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(fake.emails[1].tags).toEqual(["chapter-3", "message-7"]);
    // The network's own address (DMARC alignment), the host's name; replies go to the chapter.
    expect(fake.emails[1].sender).toEqual({ name: "Hal Host via Springfield", email: "no-reply@livingliberally.org" });
    expect(fake.emails[1].replyTo).toEqual({ email: "springfield@drinkingliberally.org" });
  });

  it("reports what went out when the provider fails part way through a batch", async () => {
    const batch = [recipient(1, "a@example.org"), recipient(2, "bad@@example"), recipient(3, "c@example.org")];
    // The second call fails for good (bad address), the third hits a rate limit.
    const send = brevo.sendBatch("12", testEmail, batch.slice(0, 2), {});
    await expect(send).resolves.toEqual({ sent: [1], failed: [{ contactId: 2, error: expect.stringContaining("400") }] });
    fake.emails.length = 0;
    let calls = 0;
    const original = fake.failures.next.bind(fake.failures);
    fake.failures.next = () => (++calls === 2 ? { kind: "rateLimit" } : original());
    // A new email to a and c (a repeat of the same email to a would carry its key, and Brevo would drop it).
    const err = await brevo.sendBatch("12", testEmail, [recipient(1, "a@example.org"), batch[2]], {}).catch((e) => e);
    fake.failures.next = original;
    expect(err).toBeInstanceOf(PartialSendError);
    expect((err as PartialSendError).result).toEqual({ sent: [1], failed: [] });
    expect(fake.emails.map((e) => e.to)).toEqual(["a@example.org"]);
  });

  it("checks the key with ping", async () => {
    await expect(brevo.ping()).resolves.toBeUndefined();
    await expect(new BrevoListProvider("nope", fake.url, "x@example.org").ping()).rejects.toThrow(/401/);
  });

  it("hands Brevo a one-line subject, whatever the stored title holds", async () => {
    await brevo.sendBatch("12", { ...testEmail, subject: "Hi\r\nBcc: injected@evil.example" }, [recipient(1, "a@example.org")], {});
    expect(fake.emails[0].subject).toBe("Hi Bcc: injected@evil.example");
  });
});
