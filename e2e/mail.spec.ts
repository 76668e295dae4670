import { expect, test } from "./fixtures";
import { E2E_ACCOUNTS, signInAs } from "./support";
import { GeneralSettingsPage } from "./pages/siteAdmin/GeneralSettingsPage";
import { ChapterDashboardPage } from "./pages/ChapterDashboardPage";
import { SendEmailPage } from "./pages/SendEmailPage";
import { axe } from "./pages/axe";

/** Issue 41: the network contact new hosts are told about, and list emails that fit a phone. */

test("general settings: the network contact is checked, saved, named on a host's dashboard, and removed again", async ({ page, browser }) => {
  await signInAs(page, "admin", "/admin/settings");
  const settings = new GeneralSettingsPage(page);
  const fallback = (await settings.networkContactNow().textContent()) ?? "";
  expect(fallback).toMatch(/<[^@\s]+@[^@\s]+>$/);

  const audit = await axe(page).include('form[aria-label="Network contact"]').analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  expect(await settings.saveNetworkContact("Nia Network", "not an address")).toBe("Network Contact Email is not a valid email address");
  // The error as it stands beside its field reads too (colour contrast of the error text).
  const withError = await axe(page).include('form[aria-label="Network contact"]').analyze();
  expect(withError.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
  expect(await settings.saveNetworkContact("Nia Network", "Team@LivingLiberally.test")).toBeNull();
  await page.reload();
  await expect(settings.networkContactForm().getByRole("textbox", { name: "Network Contact Email" })).toHaveValue("team@livingliberally.test");
  await expect(settings.networkContactNow()).toHaveText("Nia Network <team@livingliberally.test>");

  try {
    // A host of a new chapter without a field organizer is told to write to that contact.
    const admin = page;
    const csrf = (await admin.context().cookies()).find((c) => c.name === "ch_csrf")?.value ?? "";
    const post = async (path: string, data: unknown) => {
      const res = await admin.request.post(path, { headers: { "x-csrf-token": csrf }, data });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    };
    const { chapter } = await post("/api/chapter/new", { title: `Rutland ${Date.now()}`, city: "Rutland", state: "vt", postalCode: "05701", country: "USA" });
    const users = (await post("/api/user/search", { search: E2E_ACCOUNTS.host.email })) as { id: number; email: string }[];
    const permission = await post(`/api/permission/${chapter.id}`, { userId: users.find((u) => u.email === E2E_ACCOUNTS.host.email)!.id, roleId: 3 });

    const hostPage = await (await browser.newContext()).newPage();
    await signInAs(hostPage, "host");
    const dashboard = new ChapterDashboardPage(hostPage, chapter.state, chapter.slug);
    await dashboard.open();
    await expect(dashboard.switchedOnBy()).toContainText("Your chapter has no field organizer yet: write to Nia Network (team@livingliberally.test).");
    await expect(dashboard.switchedOnBy().getByRole("link", { name: "team@livingliberally.test" })).toHaveAttribute("href", "mailto:team@livingliberally.test");
    await hostPage.context().close();
    await post("/api/permission/delete", { id: permission.id });
  } finally {
    expect(await settings.saveNetworkContact("", "")).toBeNull();
    await expect(settings.networkContactNow()).toHaveText(fallback);
  }
});

test("a list email with a 190-character address is no wider than a 390 px phone", async ({ page, browser }) => {
  await signInAs(page, "host");
  const send = new SendEmailPage(page, `/chapter/ny/${E2E_ACCOUNTS.host.chapterSlug}`);
  await send.open();
  const url = `https://tickets.example.org/events/${"a1b2c3d4e5".repeat(15)}?ref=newsletter`;
  expect(url.length).toBeGreaterThanOrEqual(190);
  await send.write("Tickets", `Get tickets: ${url}\n\nOr read [${url}](${url}).\n\nA long word: ${"Donaudampfschifffahrtsgesellschaft".repeat(4)}`);
  const html = await send.previewHtml();
  expect(html).toContain("tickets.example.org");

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.setContent(html);
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await phone.context().close();
});
