import { expect, test, type Page } from "./fixtures";
import { E2E_ACCOUNTS, signInAs, unique } from "./support";
import { ChapterAdminPage } from "./pages/ChapterAdminPage";

/**
 * Stored XSS: script payloads go into every text field of the chapter admin area, then the public chapter
 * page and every admin screen are opened. The Content-Security-Policy is bypassed here so that the test
 * proves the rendering itself is safe, not only the policy.
 */
test.use({ bypassCSP: true });

const IMG = `<img src=x onerror="window.__xss=1;alert('img')">`;
const SCRIPT = `<script>window.__xss=1;alert('script')</script>`;
const SVG = `<svg onload="window.__xss=1;alert('svg')"></svg>`;
const JS_URL = `javascript:window.__xss=1;alert('url')`;

const ABOUT = [
  `Hello ${IMG} ${SCRIPT} ${SVG}`,
  "",
  `[markdown link](${JS_URL})`,
  "",
  `<a href="${JS_URL}">raw link</a> <iframe src="${JS_URL}"></iframe> <details open ontoggle="window.__xss=1">x</details>`,
  "",
  `<form action="${JS_URL}"><button>go</button></form> <object data="${JS_URL}"></object> <a href="jAvAsCrIpT&colon;window.__xss=1">entity link</a>`,
].join("\n");

const SVG_FILE = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="window.__xss=1"><script>window.__xss=1</script><rect width="40" height="20" fill="#c00"/></svg>`;

async function expectNothingRan(page: Page, dialogs: string[], where: string) {
  // Give broken images time to fail (an onerror would run then).
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `window.__xss on ${where}`).toBeUndefined();
  expect(dialogs, `dialogs on ${where}`).toEqual([]);
  const handlers = await page.locator("[onerror], [onload], [onclick], [onmouseover], [ontoggle], [onfocus]").count();
  expect(handlers, `elements with inline handlers on ${where}`).toBe(0);
  const jsUrls = await page.locator('a[href^="javascript:" i], iframe, object, embed, form[action^="javascript:" i]').count();
  expect(jsUrls, `javascript: URLs, frames or objects on ${where}`).toBe(0);
  // Data blocks (the page's JSON-LD and the query state of a server-rendered page) carry the text as data; a browser never runs them.
  const inlineScripts = await page
    .locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])')
    .evaluateAll((nodes) => nodes.filter((n) => (n.textContent ?? "").includes("__xss")).length);
  expect(inlineScripts, `inline scripts on ${where}`).toBe(0);
  const dataBlocks = await page.locator('script[type="application/json"], script[type="application/ld+json"]').evaluateAll((nodes) =>
    nodes.map((n) => {
      try {
        JSON.parse(n.textContent ?? "");
        return "json";
      } catch {
        return "broken";
      }
    }),
  );
  expect(
    dataBlocks.filter((b) => b !== "json"),
    `data blocks that are not whole JSON on ${where}`,
  ).toEqual([]);
}

test("script payloads in every text field of the area run nowhere: public chapter page and admin screens", async ({ page, request }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });

  // A user whose name is a payload, to become a host (names show in the hosts cards and on the public page).
  const eveEmail = `eve-${unique()}@e2e.test`;
  const signup = await request.post("/api/auth/signup", { data: { name: `Eve ${IMG}`, email: eveEmail, password: "eve-pass-1" } });
  expect(signup.ok()).toBe(true);

  await signInAs(page, "admin");
  const admin = new ChapterAdminPage(page, "fl", "miami");

  // Chapter Settings: every text field.
  await admin.open("settings");
  await admin.settingsField("Title").fill(`Miami ${IMG}`);
  await admin.settingsField("City").fill(`Miami ${SVG}`);
  await admin.settingsField("Postal Code").fill(`<i onclick=alert(1)>`);
  await admin.settingsField("Country").fill(IMG);
  await admin.settingsField("List Name").fill(SCRIPT);
  await admin.settingsField("SendInBlue Id").fill(SVG);
  await admin.settingsField("Email Alias").fill(IMG);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email Alias may only contain letters, numbers, dots, hyphens and underscores")).toBeVisible();
  await admin.settingsField("Email Alias").fill("miami");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(admin.savedIndicator()).toBeVisible();
  await expectNothingRan(page, dialogs, "settings after save");

  // Page Content: the about text and an SVG "image" carrying scripts.
  await admin.open("content");
  await admin.aboutEditor().fill(ABOUT);
  await page.getByRole("form", { name: "About this Chapter" }).getByRole("button", { name: "Save" }).click();
  await expect(admin.savedIndicator()).toBeVisible();
  await admin.headerImageInput().setInputFiles({ name: "evil.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG_FILE) });
  await expect(page.getByText("Header image saved.")).toBeVisible();
  await expectNothingRan(page, dialogs, "page content after save");
  const chapter = await (await page.request.get("/api/chapter/slug/miami")).json();
  const image = await page.request.get(`/assets/images/uploads/chapter_header_${chapter.id}.jpg`);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect((await image.body()).includes(Buffer.from("<script"))).toBe(false);

  // Links: payload titles, a javascript: URL (refused) and an https URL that tries to break out of its attribute.
  await admin.open("links");
  await admin.textbox("Title 1").fill(IMG);
  await admin.textbox("URL 1").fill(JS_URL);
  await page.getByRole("button", { name: "Save All" }).click();
  await expect(page.getByText("URL must start with http:// or https://")).toBeVisible();
  await admin.textbox("URL 1").fill(`https://links.example/"><img src=x onerror=alert(1)>`);
  await page.getByRole("button", { name: "Add Another" }).click();
  await admin.textbox("Title 3").fill(SCRIPT);
  await admin.textbox("URL 3").fill("https://links.example/ok");
  await page.getByRole("button", { name: "Save All" }).click();
  await expect(admin.savedIndicator()).toBeVisible();
  const refused = await page.request.post(`/api/chapter_link/chapter/${chapter.id}`, {
    data: [{ title: "x", url: JS_URL }],
    headers: { "x-csrf-token": (await page.context().cookies()).find((c) => c.name === "ch_csrf")!.value },
  });
  expect(refused.status()).toBe(400);

  // Notes, both kinds.
  await admin.open("notes");
  await admin.leaveNote(`${SCRIPT} ${IMG}`);
  await expect(admin.noteItems().first()).toContainText("<script>");
  await admin.leaveNote(`${SVG} admin only`, true);
  await expect(admin.noteItems().first()).toContainText("admin only");

  // Press mention: title, URL and notes.
  await admin.open("press_mentions/add");
  await admin.fillPressMention({ title: `Press ${IMG}`, url: JS_URL, notes: SCRIPT });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("URL must start with http:// or https://")).toBeVisible();
  await admin.fillPressMention({ url: `https://press.example/"onmouseover="alert(1)` });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/press_mentions$/);

  // Hosts: a payload in the search box, and the payload-named user made a host.
  await admin.open("hosts");
  const search = admin.card("Add Chapter Host or Field Organizer").getByLabel("Search by name or email");
  await search.fill(SCRIPT);
  await expect(page.getByText("No users found")).toBeVisible();
  await search.fill(eveEmail);
  await page.getByRole("button", { name: "Make Chapter Host" }).click();
  await expect(admin.card("Chapter Hosts")).toContainText(`Eve ${IMG}`);

  // Every admin screen, as the admin.
  const mentions = await (await page.request.get(`/api/press_mention/chapter/${chapter.id}/all`)).json();
  const sections = ["", "resources", "settings", "content", "hosts", "links", "notes", "press_mentions", `press_mentions/edit/${mentions[0].slug}`];
  for (const section of sections) {
    await admin.open(section);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Miami ${SVG}: Miami ${IMG}`);
    await expectNothingRan(page, dialogs, `admin /${section}`);
  }
  await admin.open();
  await expect(page.getByTestId("activity-feed")).toContainText(`${SCRIPT} ${IMG}`);

  // The public chapter page, signed in (host access shows everything) and as a visitor.
  await page.goto("/chapter/fl/miami");
  await expect(page.getByText(`Miami ${IMG}`).first()).toBeVisible();
  await expect(page.getByText(/Hello/).first()).toBeVisible();
  await expectNothingRan(page, dialogs, "public chapter page (admin)");

  await page.context().clearCookies();
  await page.goto("/chapter/fl/miami");
  await expect(page.getByText(`Miami ${IMG}`).first()).toBeVisible();
  await expect(page.getByText(/Hello/).first()).toBeVisible();
  await expect(page.getByText(`Press ${IMG}`).first()).toBeVisible();
  await expectNothingRan(page, dialogs, "public chapter page (visitor)");

  // And a host of the chapter (not an admin) on every screen.
  await signInAs(page, "admin");
  await admin.open("hosts");
  await admin.card("Add Chapter Host or Field Organizer").getByLabel("Search by name or email").fill(E2E_ACCOUNTS.host.email);
  await page.getByRole("button", { name: "Make Chapter Host" }).click();
  await expect(admin.card("Chapter Hosts")).toContainText(E2E_ACCOUNTS.host.name);
  await signInAs(page, "host");
  for (const section of sections) {
    await admin.open(section);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Miami ${SVG}: Miami ${IMG}`);
    await expectNothingRan(page, dialogs, `host /${section}`);
  }
  await admin.open("notes");
  await expect(admin.noteItems().first()).toContainText("<script>");
  await expect(page.getByText(`${SVG} admin only`)).toHaveCount(0);
});
