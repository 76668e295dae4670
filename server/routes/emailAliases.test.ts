import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { bindModels } from "../db";
import { buildChapter, buildPersonas } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { FakeMailgun } from "../integrations/mailgun/fake";
import { ActivityFeedItem, AdminEvent, Chapter, EmailAlias } from "../models";
import { ALIAS_RATE_LIMIT_MESSAGE, type EmailAliasInfo } from "../contracts/mailingList";
import { updateAlias } from "../commands/emailAliases";
import { viewerFromUser } from "../policies/viewer";
import { User } from "../models";
import type { Services } from "../services";

let mailgun: FakeMailgun;
let t: TestApp;
let local: TestApp;
let p: Personas;
let chapter: Chapter;

beforeAll(async () => {
  mailgun = await new FakeMailgun().start();
  t = await startTestApp({ MAILGUN_API_KEY: mailgun.apiKey, MAILGUN_API_URL: mailgun.url, CHAPTER_EMAIL_DOMAINS: "reading=books.example.org" });
  chapter = await buildChapter({ title: "Springfield", city: "Springfield", chapterTypeId: 1, emailAlias: "springfield" });
  p = await buildPersonas(chapter);
});
afterAll(async () => {
  await t.close();
  await mailgun.close();
});
beforeEach(() => mailgun.failures.recover());

const create = (body: unknown) => t.request("POST", "/api/admin/mailgun/aliases", { as: p.admin, body });

describe("email aliases", () => {
  it("are for admins only", async () => {
    const alias = await EmailAlias.query().insert({
      localPart: "perm",
      domain: "drinkingliberally.org",
      recipients: ["a@example.org"],
      chapterId: null,
      mailgunRouteId: null,
    });
    await expectAccess(t, p, { method: "GET", path: "/api/admin/mailgun/aliases" }, WHO.admin);
    await expectAccess(t, p, { method: "GET", path: "/api/admin/mailgun/aliases/domains" }, WHO.admin);
    await expectAccess(t, p, { method: "POST", path: "/api/admin/mailgun/aliases", body: {} }, WHO.admin);
    await expectAccess(t, p, { method: "PUT", path: `/api/admin/mailgun/aliases/${alias.id}`, body: {} }, WHO.admin);
    await expectAccess(t, p, { method: "POST", path: "/api/admin/mailgun/aliases/test", body: {} }, WHO.admin);
    await expectAccess(t, p, { method: "DELETE", path: `/api/admin/mailgun/aliases/${alias.id}` }, WHO.admin);
  });

  it("validates as spec 001 section 5 says", async () => {
    const cases: [unknown, string, string][] = [
      [{ localPart: "", domain: "drinkingliberally.org", recipients: ["a@example.org"] }, "Local part is required", "localPart"],
      [
        { localPart: "bad part", domain: "drinkingliberally.org", recipients: ["a@example.org"] },
        "Local part may only contain letters, numbers, dots, dashes, underscores and plus signs",
        "localPart",
      ],
      [
        { localPart: "x", domain: "gmail.com", recipients: ["a@example.org"] },
        "Domain must be one of drinkingliberally.org, screeningliberally.org, livingliberally.org, laughingliberally.org, diningliberally.org, books.example.org",
        "domain",
      ],
      [{ localPart: "x", domain: "drinkingliberally.org", recipients: ["", "  "] }, "At least one recipient is required", "recipients"],
      [{ localPart: "x", domain: "drinkingliberally.org" }, "At least one recipient is required", "recipients"],
      [{ localPart: "x", domain: "drinkingliberally.org", recipients: ["a@example.org", "nope"] }, "nope is not a valid email address", "recipients"],
      [
        { localPart: "x", domain: "readingliberally.org", recipients: ["a@example.org"], chapterId: chapter.id },
        "Domain must be one of drinkingliberally.org, screeningliberally.org, livingliberally.org, laughingliberally.org, diningliberally.org, books.example.org",
        "domain",
      ],
      [
        { domain: "laughingliberally.org", recipients: ["a@example.org"], chapterId: chapter.id },
        "The alias of Springfield must use drinkingliberally.org",
        "domain",
      ],
    ];
    for (const [body, error, field] of cases) {
      const res = await create(body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([400, { error, errorId: "validation_failed", field }]);
    }
    expect(mailgun.routes.size).toBe(0);
  });

  it("stores an alias and syncs it to a Mailgun route; blank recipients are dropped", async () => {
    const res = await create({ localPart: "Info", domain: "drinkingliberally.org", recipients: ["Host@Example.org", " ", "second@example.org"] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      localPart: "info",
      domain: "drinkingliberally.org",
      address: "info@drinkingliberally.org",
      recipients: ["host@example.org", "second@example.org"],
      chapterId: null,
      chapterName: null,
    });
    const route = mailgun.routes.get(res.body.mailgunRouteId!)!;
    expect(route.expression).toBe('match_recipient("info@drinkingliberally.org")');
    expect(route.actions).toEqual(['forward("host@example.org")', 'forward("second@example.org")', "stop()"]);
    const dup = await create({ localPart: "info", domain: "drinkingliberally.org", recipients: ["x@example.org"] });
    expect([dup.status, dup.body.error]).toEqual([409, "An alias for info@drinkingliberally.org already exists"]);
    expect(mailgun.routes.size).toBe(1);
    const feed = await ActivityFeedItem.query().findOne({ type: "email_alias", title: "Email alias info@drinkingliberally.org created" });
    expect([feed!.title, feed!.adminOnly]).toEqual(["Email alias info@drinkingliberally.org created", true]);
  });

  it("takes a chapter's alias local part from the chapter and shows the chapter's name", async () => {
    const res = await create({ domain: "drinkingliberally.org", recipients: ["host@example.org"], chapterId: chapter.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ localPart: "springfield", chapterId: chapter.id, chapterName: "Springfield" });
  });

  it("searches with at least 2 trimmed characters, by address, recipient or chapter", async () => {
    const short = await t.request("GET", "/api/admin/mailgun/aliases?search=%20a%20", { as: p.admin });
    expect([short.status, short.body.error]).toEqual([400, "Please enter at least 2 characters to search"]);
    const byAddress = await t.request<EmailAliasInfo[]>("GET", "/api/admin/mailgun/aliases?search=INFO@", { as: p.admin });
    expect(byAddress.body.map((a) => a.address)).toEqual(["info@drinkingliberally.org"]);
    const byRecipient = await t.request<EmailAliasInfo[]>("GET", "/api/admin/mailgun/aliases?search=second", { as: p.admin });
    expect(byRecipient.body.map((a) => a.address)).toEqual(["info@drinkingliberally.org"]);
    const byChapter = await t.request<EmailAliasInfo[]>("GET", "/api/admin/mailgun/aliases?search=springf", { as: p.admin });
    expect(byChapter.body.map((a) => a.address)).toEqual(["springfield@drinkingliberally.org"]);
    const wildcard = await t.request<EmailAliasInfo[]>("GET", "/api/admin/mailgun/aliases?search=%25%25", { as: p.admin });
    expect(wildcard.body).toEqual([]);
    const all = await t.request<EmailAliasInfo[]>("GET", "/api/admin/mailgun/aliases", { as: p.admin });
    expect(all.body.length).toBeGreaterThanOrEqual(2);
    const domains = await t.request("GET", "/api/admin/mailgun/aliases/domains", { as: p.admin });
    expect(domains.body.domains[0]).toEqual({ type: "drinking", domain: "drinkingliberally.org" });
    expect(domains.body.domains.at(-1)).toEqual({ type: "reading", domain: "books.example.org" });
  });

  it("updates an alias and its route; the local part cannot change", async () => {
    const alias = await EmailAlias.query().findOne({ localPart: "info" });
    const res = await t.request<EmailAliasInfo>("PUT", `/api/admin/mailgun/aliases/${alias!.id}`, {
      as: p.admin,
      body: { localPart: "info", domain: "books.example.org", recipients: ["new@example.org"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: "info@books.example.org", recipients: ["new@example.org"], mailgunRouteId: alias!.mailgunRouteId });
    const route = mailgun.routes.get(alias!.mailgunRouteId!)!;
    expect([route.expression, route.actions]).toEqual(['match_recipient("info@books.example.org")', ['forward("new@example.org")', "stop()"]]);
    const renamed = await t.request("PUT", `/api/admin/mailgun/aliases/${alias!.id}`, {
      as: p.admin,
      body: { localPart: "other", domain: "books.example.org", recipients: ["new@example.org"] },
    });
    expect([renamed.status, renamed.body.error]).toEqual([400, "The local part of an alias cannot be changed"]);
    // A route deleted at Mailgun by hand is created again.
    mailgun.routes.clear();
    const again = await t.request<EmailAliasInfo>("PUT", `/api/admin/mailgun/aliases/${alias!.id}`, {
      as: p.admin,
      body: { domain: "books.example.org", recipients: ["new@example.org"] },
    });
    expect(mailgun.routes.has(again.body.mailgunRouteId!)).toBe(true);
    expect(
      (await t.request("PUT", "/api/admin/mailgun/aliases/99999", { as: p.admin, body: { domain: "books.example.org", recipients: ["a@example.org"] } }))
        .status,
    ).toBe(404);
  });

  it("answers 404 when the alias is deleted while it is being updated (it was a 500)", async () => {
    const alias = await EmailAlias.query().insert({
      localPart: "racy",
      domain: "drinkingliberally.org",
      recipients: ["a@example.org"],
      chapterId: null,
      mailgunRouteId: "route-racy",
    });
    // Another admin deletes the alias while Mailgun is being told of the change.
    const slowMailgun: NonNullable<Services["mailgun"]> = Object.assign(Object.create(t.services.mailgun!), {
      update: async () => void (await EmailAlias.query().deleteById(alias.id)),
    });
    const viewer = viewerFromUser(await User.query().findById(p.admin.id).withGraphFetched("permissions").throwIfNotFound());
    const update = updateAlias({ ...t.services, mailgun: slowMailgun }, alias.id, { domain: "drinkingliberally.org", recipients: ["b@example.org"] }, viewer);
    await expect(update).rejects.toMatchObject({ status: 404, message: "Alias not found" });
  });

  it("records a Mailgun rate limit as an admin warning and asks to wait a minute", async () => {
    mailgun.failures.fail({ status: 429 });
    const res = await create({ localPart: "limited", domain: "drinkingliberally.org", recipients: ["a@example.org"] });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: ALIAS_RATE_LIMIT_MESSAGE, errorId: "rate_limited" });
    expect(ALIAS_RATE_LIMIT_MESSAGE).toMatch(/wait a minute/);
    expect(await EmailAlias.query().findOne({ localPart: "limited" })).toBeUndefined();
    const warning = await ActivityFeedItem.query().findOne({ type: "alias_rate_limited" });
    expect([warning!.title, warning!.adminOnly, warning!.userId]).toEqual(["Mailgun rate limit reached", true, p.admin.id]);
    const event = await AdminEvent.query().findOne({ type: "alias_rate_limited" });
    expect(event!.payload).toEqual({
      title: "Mailgun rate limit reached",
      body: "Mailgun refused to create the alias because too many requests were made. Wait a minute and try again.",
      path: "/admin/email",
    });
    const test = await t.request("POST", "/api/admin/mailgun/aliases/test", { as: p.admin });
    expect(test.status).toBe(429);
  });

  it("reports other Mailgun failures as 502 and leaves our database unchanged", async () => {
    mailgun.failures.fail({ status: 500 }, 1);
    const res = await create({ localPart: "broken", domain: "drinkingliberally.org", recipients: ["a@example.org"] });
    expect([res.status, res.body.errorId]).toEqual([502, "mailgun_failed"]);
    expect(res.body.error).toContain("Mailgun could not create the alias");
    expect(await EmailAlias.query().findOne({ localPart: "broken" })).toBeUndefined();
  });

  it("deletes an alias and its route", async () => {
    const created = await create({ localPart: "doomed", domain: "drinkingliberally.org", recipients: ["a@example.org"] });
    const alias = await EmailAlias.query().findById(created.body.id);
    expect(mailgun.routes.has(alias!.mailgunRouteId!)).toBe(true);
    const res = await t.request("DELETE", `/api/admin/mailgun/aliases/${alias!.id}`, { as: p.admin });
    expect(res.status).toBe(204);
    expect(mailgun.routes.has(alias!.mailgunRouteId!)).toBe(false);
    expect(await EmailAlias.query().findById(alias!.id)).toBeUndefined();
    expect((await t.request("DELETE", `/api/admin/mailgun/aliases/${alias!.id}`, { as: p.admin })).status).toBe(404);
  });

  it("tests the Mailgun connection", async () => {
    const res = await t.request("POST", "/api/admin/mailgun/aliases/test", { as: p.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, mode: "mailgun", routeCount: mailgun.routes.size });
    expect(res.body.message).toMatch(/^Connected to Mailgun: \d+ routes?\./);
  });

  it("without MAILGUN_API_KEY keeps aliases in our database only", async () => {
    local = await startTestApp();
    const admin = (await buildPersonas(await buildChapter())).admin;
    const res = await local.request<EmailAliasInfo>("POST", "/api/admin/mailgun/aliases", {
      as: admin,
      body: { localPart: "solo", domain: "drinkingliberally.org", recipients: ["a@example.org"] },
    });
    expect(res.status).toBe(201);
    expect(res.body.mailgunRouteId).toBeNull();
    const test = await local.request("POST", "/api/admin/mailgun/aliases/test", { as: admin });
    expect(test.body).toMatchObject({ ok: true, mode: "local", routeCount: null });
    // Models are bound to one database per process: give them back to the main test app.
    await local.close();
    bindModels(t.services.knex);
  });
});

describe("email settings", () => {
  it("are for admins; the service must be one of the two", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/email_settings" }, WHO.admin);
    await expectAccess(t, p, { method: "POST", path: "/api/email_settings", body: { serviceName: "sendInBlue" } }, WHO.admin);
    await expectAccess(t, p, { method: "POST", path: "/api/email_settings/retry_failed", body: {} }, WHO.admin);
    const bad = await t.request("POST", "/api/email_settings", { as: p.admin, body: { serviceName: "mailchimp" } });
    expect([bad.status, bad.body.error]).toEqual([400, "serviceName must be one of sendInBlue, bronto"]);
  });

  it("answer the selected service and, with no key configured, the built-in provider carrying the lists", async () => {
    const res = await t.request("GET", "/api/email_settings", { as: p.admin });
    expect(res.body).toMatchObject({
      serviceName: "sendInBlue",
      activeProvider: "builtIn",
      configured: { sendInBlue: false, bronto: false },
      queue: { failed: 0 },
    });
    expect(res.body.webhookUrls.brevo).toMatch(new RegExp(`^${t.config.publicUrl}/api/mailing_list/webhooks/brevo/[\\w-]{32}$`));
    const switched = await t.request("POST", "/api/email_settings", { as: p.admin, body: { serviceName: "bronto" } });
    expect(switched.body).toMatchObject({ serviceName: "bronto", activeProvider: "builtIn" });
    const feed = await ActivityFeedItem.query().findOne({ title: "Email service changed to Bronto" });
    expect(feed!.adminOnly).toBe(true);
  });

  it("say what the sending domain needs and warn about what the running configuration lacks", async () => {
    const res = await t.request("GET", "/api/email_settings", { as: p.admin });
    expect(res.body.deliverability.fromDomain).toBe("livingliberally.org");
    expect(res.body.deliverability.records.map((r: { kind: string; name: string }) => [r.kind, r.name])).toEqual([
      ["SPF", "livingliberally.org"],
      ["DKIM", "{selector}._domainkey.livingliberally.org"],
      ["DMARC", "_dmarc.livingliberally.org"],
    ]);
    const warnings: string[] = res.body.deliverability.warnings;
    expect(warnings).toContain(
      `PUBLIC_URL (${t.config.publicUrl}) is not https: mail clients offer one-click unsubscribe only for https links, and links over http look suspect.`,
    );
    expect(warnings).toContain("SMTP_URL is not set: mail is written to DATA_DIR/outbox and reaches nobody.");
    expect(warnings.some((w) => w.startsWith("No postal address is set"))).toBe(true);
  });

  it("keep the postal address for list emails: empty at first, a few lines, at most 300 characters", async () => {
    expect((await t.request("GET", "/api/email_settings", { as: p.admin })).body.postalAddress).toBe("");
    await expectAccess(t, p, { method: "POST", path: "/api/email_settings", body: { postalAddress: "PO Box 1" } }, WHO.admin);
    const saved = await t.request("POST", "/api/email_settings", { as: p.admin, body: { postalAddress: "  Living Liberally\nPO Box 1, New York, NY  " } });
    expect([saved.status, saved.body.postalAddress]).toEqual([200, "Living Liberally\nPO Box 1, New York, NY"]);
    expect((await t.request("GET", "/api/email_settings", { as: p.admin })).body.postalAddress).toBe("Living Liberally\nPO Box 1, New York, NY");
    expect(await ActivityFeedItem.query().findOne({ title: "Postal address for list emails changed" })).toMatchObject({ adminOnly: true });
    const long = await t.request("POST", "/api/email_settings", { as: p.admin, body: { postalAddress: "x".repeat(301) } });
    expect([long.status, long.body.error, long.body.field]).toEqual([400, "Postal Address must be at most 300 characters", "postalAddress"]);
    const bell = await t.request("POST", "/api/email_settings", { as: p.admin, body: { postalAddress: "PO Box\u0007" } });
    expect([bell.status, bell.body.error]).toEqual([400, "Postal Address may not contain control characters other than line breaks and tabs"]);
    expect((await t.request("POST", "/api/email_settings", { as: p.admin, body: { postalAddress: "" } })).body.postalAddress).toBe("");
  });
});
