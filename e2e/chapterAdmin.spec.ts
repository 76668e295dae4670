import { expect, test, type Page } from "./fixtures";
import sharp from "sharp";
import { E2E_ACCOUNTS, signInAs, unique } from "./support";
import { ChapterAdminPage } from "./pages/ChapterAdminPage";
import { ConfirmDialog } from "./pages/ConfirmDialog";
import { axe } from "./pages/axe";

/** The chapter admin area of nyc, walked as its host, its field organizer and an admin (spec 001 sections 2-9). */

const MENU_FOR_HOSTS = ["Dashboard", "Resources", "Page Content", "Chapter Hosts", "Send Email", "Events", "Members", "Links", "Notes", "Press Mentions"];
const MENU_FOR_FIELD_ORGANIZERS = [
  "Dashboard",
  "Resources",
  "Chapter Settings",
  "Page Content",
  "Chapter Hosts",
  "Send Email",
  "Events",
  "Members",
  "Links",
  "Notes",
  "Press Mentions",
];

test.describe("chapter admin area: access", () => {
  test("visitors are sent to signin; a plain user and another chapter's host are refused", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("notes");
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fchapter%2Fny%2Fnyc%2Fadmin%2Fnotes$/);

    for (const who of ["user", "otherHost"] as const) {
      await signInAs(page, who);
      await admin.open();
      await expect(admin.refusal()).toBeVisible();
      await expect(admin.refusal()).toContainText("You do not have access to this chapter's admin tools.");
      await expect(admin.menu()).toHaveCount(0);
      await admin.open("notes");
      await expect(admin.refusal()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Note Archive" })).toHaveCount(0);
    }
  });
});

test.describe("chapter admin area: as the chapter host", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "host");
  });

  test("menu without Chapter Settings; dashboard shows the Recent Activity Feed; settings say who may save", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open();
    await expect(admin.menu().getByRole("link")).toHaveText(MENU_FOR_HOSTS);
    await expect(page.getByRole("heading", { name: "Recent Activity Feed" })).toBeVisible();
    await expect(page.getByTestId("activity-item").first()).toBeVisible();
    await expect(page.getByTestId("activity-feed")).toContainText("Note on New York City");

    await admin.open("settings");
    await expect(page.getByText("You must be a Field Organizer or Admin to save changes to Chapter Settings.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await expect(admin.settingsField("Title")).toBeDisabled();
  });

  test("resources show the chapter_resources page", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("resources");
    await expect(admin.sectionHeading("Resources")).toBeVisible();
    await expect(page.getByTestId("resources-body")).toContainText("Welcome to your chapter's toolkit.");
  });

  test("page content: about text saved with normal spaces and Saved for 3 s; header image upload and delete", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("content");
    const u = unique();
    await expect(admin.aboutEditor()).toBeVisible();
    await expect(admin.aboutEditor()).toHaveAttribute("placeholder", "Insert text here ...");
    await admin.aboutEditor().fill(`Welcome\u00a0friends ${u}. **Bold** move.`);
    await page.getByRole("form", { name: "About this Chapter" }).getByRole("button", { name: "Save" }).click();
    await admin.expectSavedThenGone();
    const chapter = await (await page.request.get("/api/chapter/slug/nyc")).json();
    expect(chapter.about).toBe(`Welcome friends ${u}. **Bold** move.`);
    expect(chapter.aboutHtml).toContain("<strong>Bold</strong>");

    const png = await sharp({ create: { width: 640, height: 200, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    await admin.headerImageInput().setInputFiles({ name: "header.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Header image saved.")).toBeVisible();
    await expect(admin.headerImage()).toBeVisible();
    const served = await page.request.get(`/assets/images/uploads/chapter_header_${chapter.id}.jpg`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    expect(served.headers()["etag"]).toBeTruthy();

    await admin.headerImageInput().setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await expect(page.getByTestId("header-image-error")).toContainText("not an image");

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await new ConfirmDialog(page, "Delete Header Image").confirm("Delete Image");
    await expect(page.getByText("This chapter has no header image.")).toBeVisible();
    expect((await page.request.get(`/assets/images/uploads/chapter_header_${chapter.id}.jpg`)).status()).toBe(404);
  });

  test("chapter hosts: both cards, read only for hosts", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("hosts");
    const hosts = admin.card("Chapter Hosts");
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.host.name })).toHaveAttribute("href", /^\/admin\/users\/\d+$/);
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.host.email })).toHaveAttribute("href", `mailto:${E2E_ACCOUNTS.host.email}`);
    await expect(hosts).toContainText("Chapter Host");
    await expect(hosts).toContainText(/Added: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M/);
    const organizers = admin.card("Field Organizers");
    await expect(organizers.getByRole("link", { name: E2E_ACCOUNTS.fieldOrganizer.name })).toBeVisible();
    await expect(organizers).toContainText("Field Organizer");
    await expect(page.getByRole("heading", { name: "Add Chapter Host or Field Organizer" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  });

  test("links: Add Another, URLs checked, blank URL deletes, Save All and Saved for 3 s", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("links");
    await expect(page.getByText("Leave a URL blank to delete.")).toBeVisible();
    const before = await admin.linkRows().count();
    await page.getByRole("button", { name: "Add Another" }).click();
    await expect(admin.linkRows()).toHaveCount(before + 1);
    const u = unique();
    const n = before + 1;
    await admin.textbox(`Title ${n}`).fill(`Our blog ${u}`);
    await admin.textbox(`URL ${n}`).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save All" }).click();
    await expect(page.getByText("URL must start with http:// or https://")).toBeVisible();
    await admin.textbox(`URL ${n}`).fill(`https://blog.example/${u}`);
    await page.getByRole("button", { name: "Save All" }).click();
    await admin.expectSavedThenGone();

    let links = await (await page.request.get("/api/chapter/slug/nyc")).json();
    expect(links.chapterLinks.map((l: { title: string }) => l.title)).toContain(`Our blog ${u}`);

    await admin.textbox(`URL ${n}`).fill("");
    await page.getByRole("button", { name: "Save All" }).click();
    await expect(admin.linkRows()).toHaveCount(before);
    links = await (await page.request.get("/api/chapter/slug/nyc")).json();
    expect(links.chapterLinks.map((l: { title: string }) => l.title)).not.toContain(`Our blog ${u}`);
  });

  test("notes: no Admin Only box; note required; saved to the top of the archive; form resets; Saved for 3 s", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("notes");
    await expect(page.getByRole("heading", { name: "Leave a Note" })).toBeVisible();
    await expect(admin.adminOnlyCheckbox()).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Note is Required")).toBeVisible();
    const text = `Venue booked through June ${unique()}`;
    await admin.leaveNote(text);
    await expect(admin.noteItems().first()).toContainText(text);
    await expect(admin.noteItems().first().getByRole("link", { name: E2E_ACCOUNTS.host.name })).toHaveAttribute("href", `mailto:${E2E_ACCOUNTS.host.email}`);
    await expect(admin.noteText()).toHaveValue("");
    await admin.expectSavedThenGone();
    await expect(page.getByRole("heading", { name: "Note Archive" })).toBeVisible();
  });

  test("press mentions: required fields, add, edit, hide and delete", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("press_mentions");
    await page.getByRole("link", { name: "Add Press Mention" }).click();
    await expect(page).toHaveURL(/\/press_mentions\/add$/);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Title is Required")).toBeVisible();
    await expect(page.getByText("URL is Required")).toBeVisible();
    await expect(page.getByText("Only visible press mentions are visible to the public")).toBeVisible();
    const title = `Gazette praises nyc ${unique()}`;
    await admin.fillPressMention({ title, url: "ftp://not-web.example", notes: "Front page" });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("URL must start with http:// or https://")).toBeVisible();
    await admin.fillPressMention({ url: "https://gazette.example/nyc" });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/press_mentions$/);
    const item = admin.pressMentionItems().filter({ hasText: title });
    await expect(item).toContainText("Visible");

    await item.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/press_mentions\/edit\/[a-z0-9_]+$/);
    await expect(admin.textbox("Title")).toHaveValue(title);
    await page.getByText("Visible", { exact: true }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/press_mentions$/);
    await expect(admin.pressMentionItems().filter({ hasText: title })).toContainText("Hidden");
    const pub = await (await page.request.get("/api/chapter/slug/nyc")).json();
    const all = await (await page.request.get(`/api/press_mention/chapter/${pub.id}/all`)).json();
    expect(all.find((m: { title: string }) => m.title === title).isVisible).toBe(false);

    await admin
      .pressMentionItems()
      .filter({ hasText: title })
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByText("Danger! Irreversible!")).toBeVisible();
    // Nothing is deleted until the dialog is confirmed.
    const confirm = new ConfirmDialog(page, "Delete Press Mention");
    await page.getByRole("button", { name: "Delete Press Mention" }).click();
    await confirm.expectOpen(`Delete "${title}"? This cannot be undone.`);
    await confirm.cancel();
    await expect(page.getByText("Danger! Irreversible!")).toBeVisible();
    await page.getByRole("button", { name: "Delete Press Mention" }).click();
    await confirm.confirm("Delete");
    await expect(page).toHaveURL(/\/press_mentions$/);
    await expect(admin.pressMentionItems().filter({ hasText: title })).toHaveCount(0);
  });
});

test.describe("chapter admin area: as a field organizer", () => {
  test("Chapter Settings: validation messages, alias helper, slug read-only, save and Saved for 3 s", async ({ page }) => {
    await signInAs(page, "fieldOrganizer");
    const admin = new ChapterAdminPage(page);
    await admin.open();
    await expect(admin.menu().getByRole("link")).toHaveText(MENU_FOR_FIELD_ORGANIZERS);
    await admin.menuLink("Chapter Settings").click();
    await expect(admin.sectionHeading("Chapter Settings")).toBeVisible();
    await expect(page.getByText("You must be a Field Organizer or Admin")).toHaveCount(0);
    await expect(admin.settingsField("Slug")).toHaveAttribute("readonly", "");
    await expect(page.getByText("Only admins can change the slug.")).toBeVisible();

    await expect(page.getByTestId("alias-helper")).toHaveText("nyc@drinkingliberally.org");
    await expect(page.getByText(/Changing the Email Alias requires manually adjusting the mail provider's settings/)).toBeVisible();
    await expect(page.getByText(/Changing the Chapter Type requires manually adjusting the mail provider's settings/)).toBeVisible();

    const messages: [string, string][] = [
      ["Title", "Title is Required"],
      ["City", "City is Required"],
      ["Postal Code", "Postal Code is Required"],
      ["Country", "Country is Required"],
      ["Email Alias", "Email Alias is Required"],
      ["List Name", "List Name is Required"],
      ["SendInBlue Id", "SendInBlue Id is Required"],
    ];
    const original: Record<string, string> = {};
    for (const [label, message] of messages) {
      const field = admin.settingsField(label);
      original[label] = await field.inputValue();
      await field.fill("");
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByRole("button", { name: "Save" }).click();
    // Nothing was sent: the server still has the old title.
    expect((await (await page.request.get("/api/chapter/slug/nyc")).json()).title).toBe("New York City");
    for (const [label] of messages) await admin.settingsField(label).fill(original[label]);

    await admin.settingsField("Chapter Type").selectOption({ label: "Laughing" });
    await expect(page.getByTestId("alias-helper")).toHaveText("nyc@laughingliberally.org");
    await admin.settingsField("Chapter Type").selectOption({ label: "Drinking" });
    await admin.settingsField("Postal Code").fill("10015");
    await admin.settingsField("Time Zone").selectOption("America/Chicago");
    await page.getByRole("button", { name: "Save" }).click();
    await admin.expectSavedThenGone();
    let saved = await (await page.request.get("/api/chapter/slug/nyc")).json();
    expect(saved).toMatchObject({ postalCode: "10015", timeZone: "America/Chicago", chapterTypeId: 1 });

    await admin.settingsField("Postal Code").fill("10014");
    await admin.settingsField("Time Zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(admin.savedIndicator()).toBeVisible();
    saved = await (await page.request.get("/api/chapter/slug/nyc")).json();
    expect(saved).toMatchObject({ postalCode: "10014", timeZone: "America/New_York" });

    // A field organizer cannot grant roles either.
    await admin.open("hosts");
    await expect(admin.card("Chapter Hosts")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Add Chapter Host or Field Organizer" })).toHaveCount(0);
  });
});

test.describe("chapter admin area: as an admin", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin");
  });

  test("admins may change the slug; the area moves to the new address", async ({ page }) => {
    const boston = new ChapterAdminPage(page, "ma", "boston");
    await boston.open("settings");
    const slug = boston.settingsField("Slug");
    await expect(slug).not.toHaveAttribute("readonly", "");
    await slug.fill("Boston Common");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Slug must be lowercase letters, numbers and underscores, without spaces")).toBeVisible();
    await slug.fill("boston_common");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/chapter\/ma\/boston_common\/admin\/settings$/);
    const moved = new ChapterAdminPage(page, "ma", "boston_common");
    // The area reloads the chapter at its new address; start from a settled page before editing again.
    await page.reload();
    await expect(moved.settingsField("Slug")).toHaveValue("boston_common");
    await moved.settingsField("Slug").fill("boston");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/chapter\/ma\/boston\/admin\/settings$/);
  });

  test("chapter hosts: search needs 2 characters; make a chapter host, then remove them", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("hosts");
    const add = admin.card("Add Chapter Host or Field Organizer");
    const search = add.getByLabel("Search by name or email");
    await expect(search).toHaveAttribute("placeholder", "Search by name or email");
    await search.fill("P");
    await expect(add.getByText("Please enter at least 2 characters to search")).toBeVisible();
    await search.fill("Pat Pla");
    const row = add.getByRole("listitem").filter({ hasText: E2E_ACCOUNTS.user.name });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Make Chapter Host" }).click();
    const hosts = admin.card("Chapter Hosts");
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.user.name })).toBeVisible();
    await expect(row.getByRole("button", { name: "Make Chapter Host" })).toBeDisabled();

    await hosts.getByRole("button", { name: `Remove ${E2E_ACCOUNTS.user.name} as Chapter Host` }).click();
    const confirm = new ConfirmDialog(page, "Remove Chapter Host");
    await confirm.expectOpen(`Remove ${E2E_ACCOUNTS.user.name} as Chapter Host of `);
    await expect(confirm.root()).not.toContainText("last Chapter Host");
    await confirm.confirm("Remove");
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.user.name })).toHaveCount(0);
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.host.name })).toBeVisible();
  });

  test("notes: admin-only notes are marked for admins and never reach the host", async ({ page }) => {
    const admin = new ChapterAdminPage(page);
    await admin.open("notes");
    await expect(admin.adminOnlyCheckbox()).toHaveCount(1);
    const secret = `Admins only: budget talk ${unique()}`;
    await admin.leaveNote(secret, true);
    await expect(admin.noteItems().first()).toContainText(secret);
    await expect(admin.noteItems().first()).toContainText("Admin Only");
    await expect(admin.adminOnlyCheckbox()).not.toBeChecked();

    await admin.open();
    await expect(page.getByTestId("activity-feed")).toContainText(secret);
    await expect(page.getByTestId("activity-feed")).toContainText("(Admin Only)");

    await signInAs(page, "host");
    await admin.open("notes");
    await expect(page.getByRole("heading", { name: "Note Archive" })).toBeVisible();
    await expect(admin.noteItems().first()).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    const chapter = await (await page.request.get("/api/chapter/slug/nyc")).json();
    const api = await page.request.get(`/api/chapter_note/chapter/${chapter.id}`);
    expect(await api.text()).not.toContain(secret);
    await admin.open();
    await expect(page.getByTestId("activity-item").first()).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
  });
});

test.describe("chapter admin area: accessibility (axe: no serious or critical violations)", () => {
  async function seriousViolations(page: Page) {
    const results = await axe(page).analyze();
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  }

  test("every screen of the area, as an admin", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, "admin");
    const admin = new ChapterAdminPage(page);
    const screens: [string, string][] = [
      ["", "Dashboard"],
      ["resources", "Resources"],
      ["settings", "Chapter Settings"],
      ["content", "Page Content"],
      ["hosts", "Chapter Hosts"],
      ["links", "Links"],
      ["notes", "Notes"],
      ["press_mentions", "Press Mentions"],
      ["press_mentions/add", "Add Press Mention"],
    ];
    for (const [section, heading] of screens) {
      await admin.open(section);
      await expect(admin.sectionHeading(heading)).toBeVisible();
      await expect(page.getByRole("status").or(page.getByLabel(/^Loading/))).toHaveCount(0);
      if (section === "content") await expect(admin.aboutEditor()).toBeVisible();
      expect(await seriousViolations(page), `/${section}`).toEqual([]);
    }
  });
});
