import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { expectAccess, WHO, type Personas } from "../test/access";
import { networkContact } from "../lib/networkContact";
import type { EmailSettingsInfo } from "../contracts/mailingList";

/** General Settings' network contact (issue 41): POST /api/email_settings networkContactName and networkContactEmail. */
let t: TestApp;
let p: Personas;
beforeAll(async () => {
  ({ t, p } = await startWithPersonas({}, { MAIL_FROM: "Chapterhouse <no-reply@livingliberally.test>" }));
});
afterAll(async () => t.close());

const save = (body: object) => t.request<EmailSettingsInfo>("POST", "/api/email_settings", { as: p.admin, body });

describe("the network contact in General Settings", () => {
  it("is the admins' to read and set: 401 anonymous, 403 everyone else", async () => {
    await expectAccess(t, p, { method: "POST", path: "/api/email_settings", body: { networkContactName: "", networkContactEmail: "" } }, WHO.admin);
  });

  it("stands in as MAIL_FROM until set, then is the one saved (trimmed, address in lower case), with an admin-only activity item", async () => {
    const before = await t.request<EmailSettingsInfo>("GET", "/api/email_settings", { as: p.admin });
    expect(before.body).toMatchObject({
      networkContactName: "",
      networkContactEmail: "",
      networkContact: { name: "Chapterhouse", email: "no-reply@livingliberally.test" },
    });
    const res = await save({ networkContactName: "  Nia Network ", networkContactEmail: " Team@LivingLiberally.test " });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      networkContactName: "Nia Network",
      networkContactEmail: "team@livingliberally.test",
      networkContact: { name: "Nia Network", email: "team@livingliberally.test" },
    });
    expect(await networkContact(t.services)).toEqual({ name: "Nia Network", email: "team@livingliberally.test" });
    const feed = await t.request("GET", "/api/activity_feed_item/all", { as: p.admin });
    expect(JSON.stringify(feed.body)).toContain("Network contact changed");
    // An address alone is named by the sender's display name; both empty: MAIL_FROM again.
    expect((await save({ networkContactName: "", networkContactEmail: "team@livingliberally.test" })).body.networkContact).toEqual({
      name: "Chapterhouse",
      email: "team@livingliberally.test",
    });
    expect((await save({ networkContactName: "", networkContactEmail: "" })).body.networkContact).toEqual({
      name: "Chapterhouse",
      email: "no-reply@livingliberally.test",
    });
  });

  it("refuses a bad address, a name without an address, one field alone, and a name on two lines, naming the field", async () => {
    for (const [body, error, field] of [
      [{ networkContactName: "Nia", networkContactEmail: "not an address" }, "Network Contact Email is not a valid email address", "networkContactEmail"],
      [{ networkContactName: "Nia", networkContactEmail: "" }, "Network Contact Email is required with a name", "networkContactEmail"],
      [{ networkContactEmail: "team@livingliberally.test" }, "Network Contact Name and Network Contact Email are set together", "networkContactEmail"],
      [
        { networkContactName: "Nia\nBcc: x@y.test", networkContactEmail: "team@livingliberally.test" },
        "Network Contact Name must be a single line without control characters",
        "networkContactName",
      ],
      [
        { networkContactName: "N".repeat(121), networkContactEmail: "team@livingliberally.test" },
        "Network Contact Name must be at most 120 characters",
        "networkContactName",
      ],
    ] as const) {
      const res = await t.request<{ error: string; field: string }>("POST", "/api/email_settings", { as: p.admin, body });
      expect([res.status, res.body.error, res.body.field], JSON.stringify(body)).toEqual([400, error, field]);
    }
    expect((await t.request<EmailSettingsInfo>("GET", "/api/email_settings", { as: p.admin })).body.networkContactEmail).toBe("");
  });
});
