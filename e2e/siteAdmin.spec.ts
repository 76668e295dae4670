import { expect, test, type Browser, type Page, waitForHydrationOnGoto } from "./fixtures";
import { signInAs, unique } from "./support";
import { ApplyForChapter } from "./pages/siteAdmin/ApplyForChapter";
import { HostApplicationsPage } from "./pages/siteAdmin/HostApplicationsPage";
import { AddChapterPage } from "./pages/siteAdmin/AddChapterPage";
import { ContentEditorPage } from "./pages/siteAdmin/ContentEditorPage";
import { UsersPage } from "./pages/siteAdmin/UsersPage";
import { ChapterAdminPage } from "./pages/ChapterAdminPage";
import { ChapterPage } from "./pages/ChapterPage";
import { ConfirmDialog } from "./pages/ConfirmDialog";
import { ChapterPicker } from "./pages/ChapterPicker";
import { GeneralSettingsPage } from "./pages/siteAdmin/GeneralSettingsPage";
import { Toasts } from "./pages/Toasts";
import { RecentActivity } from "./pages/RecentActivity";
import { ChapterDashboardPage } from "./pages/ChapterDashboardPage";
import type { ActivityFeedItemInfo } from "../server/contracts/chapterAdmin";

/** Every screen of the site admin area (spec 001 section 2). */
const ADMIN_SCREENS = [
  "/admin",
  "/admin/settings",
  "/admin/chapter_host_applications",
  "/admin/chapter_host_applications/some_slug",
  "/admin/users",
  "/admin/users/1",
  "/admin/blog",
  "/admin/blog/add",
  "/admin/blog/edit/some_slug",
  "/admin/content",
  "/admin/pages",
  "/admin/pages/add",
  "/admin/pages/edit/about",
  "/admin/press_mentions",
  "/admin/press_mentions/add",
  "/admin/press_mentions/edit/some_slug",
  "/admin/surveys",
  "/admin/chapters",
  "/admin/chapters/add",
  "/admin/chapters/add/application/some_slug",
  "/admin/wiki",
  "/admin/wiki/add",
  "/admin/wiki/edit/host_handbook",
  "/admin/email",
];

/** A 1x1 PNG. */
const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** A fresh browser session for a second person. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return waitForHydrationOnGoto(await context.newPage());
}

/** A visitor registers at /start_chapter and applies; answers the applicant's page and name. */
async function visitorApplies(browser: Browser, city: string, type: "drinking" | "dining" | "laughing" = "dining") {
  const page = await newPerson(browser);
  const name = `Applicant ${unique()}`;
  const email = `applicant-${unique()}@e2e.test`;
  const apply = new ApplyForChapter(page);
  await apply.open();
  await apply.createAccount({ name, email, password: "apply-pass-1" });
  await apply.apply({ city, state: "mt", type, reason: `${city} needs progressive company.` });
  return { page, name, email, apply };
}

test.describe("site admin: access", () => {
  for (const who of ["user", "host", "fieldOrganizer"] as const) {
    test(`every /admin screen sends a signed-in ${who} home`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInAs(page, who);
      for (const path of ADMIN_SCREENS) {
        await page.goto(path, { waitUntil: "commit" });
        await expect(page, `${who} at ${path}`).toHaveURL(/\/$/);
      }
    });
  }

  test("a field organizer who opens /admin is sent home told what they may open, and goes on to My Chapters", async ({ page }) => {
    await signInAs(page, "fieldOrganizer");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    const toasts = new Toasts(page);
    const toast = toasts.of("info");
    await expect(toast).toContainText("Admin Tools are for site admins");
    await expect(toast).toContainText("As a field organizer, open My Chapters: your chapters' admin, their health and their stats.");
    await toasts.action(toast, "My Chapters").click();
    await expect(page).toHaveURL(/\/my_chapters$/);
    await expect(page.getByRole("link", { name: "Admin for New York City" })).toBeVisible();
  });

  test("a host who opens /admin is pointed to My Chapters too", async ({ page }) => {
    await signInAs(page, "host");
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(new Toasts(page).of("info")).toContainText("Open My Chapters for your chapter's admin: its events, members, emails and stats.");
  });

  test("visitors are sent to sign in with the admin URL as returnUrl; an admin sees the menu", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fadmin%2Fusers$/);
    await signInAs(page, "admin", "/admin");
    const menu = page.getByRole("navigation", { name: "Site admin" });
    for (const item of ["Dashboard", "General Settings", "Chapter Host Appos", "Users", "Blog", "Pages", "Press Mentions", "Chapters", "Email Admin", "Wiki"]) {
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
  });
});

test.describe("site admin: host applications", () => {
  test("lifecycle: a visitor applies, an admin creates the chapter from it, the applicant hosts it", async ({ page, browser }) => {
    // Three people and a dozen screens: more than one screen's worth of time.
    test.setTimeout(90_000);
    const city = `Bozeman ${unique()}`;
    const applicant = await visitorApplies(browser, city, "dining");

    await signInAs(page, "admin", "/admin/chapter_host_applications");
    const apps = new HostApplicationsPage(page);
    const row = apps.rowFor(applicant.name, "Open");
    await expect(row).toBeVisible();
    await expect(row).toContainText(applicant.email);
    await expect(row).toContainText(`${city}, Montana`);
    await expect(row).toContainText("Open");
    await apps.view(applicant.name);

    await expect(page.getByText("Dining", { exact: true })).toBeVisible();
    await expect(page.getByText(`${city} needs progressive company.`)).toBeVisible();
    await expect(apps.flag("Completed Call")).toHaveText("Completed Call: No");
    await apps.toggleFlag("Completed Call");
    await page.reload();
    await expect(apps.flag("Completed Call")).toHaveText("Completed Call: Yes");

    await apps.leaveNote("Great phone call.");
    await apps.leaveNote("Agreement sent.");
    await expect(apps.notes().first()).toContainText("Agreement sent.");
    await expect(apps.notes().nth(1)).toContainText("Great phone call.");

    await page.getByRole("link", { name: "Create Chapter" }).click();
    await expect(page).toHaveURL(/\/admin\/chapters\/add\/application\//);
    const add = new AddChapterPage(page);
    await expect(add.field("City")).toHaveValue(city);
    await expect(add.field("Title")).toHaveValue(city);
    await expect(page.getByLabel("State")).toHaveValue("mt");
    await expect(page.getByLabel("Chapter Type")).toHaveValue("5");
    await add.fill({ "Postal Code": "59715" });
    await add.save();

    await expect(apps.banner()).toHaveText("This Chapter Host Application has already been approved and added.");
    await expect(apps.status()).toHaveText("Approved");
    await expect(apps.action("Reopen")).toBeVisible();
    await expect(page.getByRole("link", { name: city })).toHaveAttribute("href", /^\/chapter\/mt\/bozeman_/);
    const chapterPath = (await page.getByRole("link", { name: city }).getAttribute("href"))!;

    await apps.open();
    await expect(apps.rowFor(applicant.name, "Approved")).toBeVisible();
    await expect(apps.rowFor(applicant.name, "Open")).toHaveCount(0);

    // The applicant now finds the chapter in My Chapters, as its host, with the admin tools open to them.
    const you = applicant.page;
    await you.goto("/my_chapters");
    const mine = applicant.apply.myChapter(city);
    await expect(mine).toContainText("Chapter Host");
    await mine.getByRole("link", { name: `Admin for ${city}` }).click();
    await expect(you).toHaveURL(/\/chapter\/mt\/bozeman_[a-z0-9_]+\/admin$/);
    await expect(you.getByRole("navigation", { name: "Chapter admin" }).getByRole("link", { name: "Chapter Hosts" })).toBeVisible();
    await expect(you.getByTestId("chapter-admin-refused")).toHaveCount(0);
    await you.context().close();

    // The chapter has its mailing list from the start: once the admin enables it, its page takes signups.
    const [, state, slug] = /^\/chapter\/([a-z]+)\/([a-z0-9_]+)$/.exec(chapterPath)!;
    const settings = new ChapterAdminPage(page, state, slug);
    await settings.open("settings");
    await expect(settings.settingsField("SendInBlue Id")).toHaveValue(/^chapter-\d+$/);
    await settings.settingsField("Chapter Status").selectOption({ label: "Active" });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(settings.savedIndicator()).toBeVisible();
    const visitor = waitForHydrationOnGoto(await browser.newPage());
    const publicPage = new ChapterPage(visitor);
    await publicPage.open(state, slug);
    await publicPage.signup.signUp(`first-${unique()}@example.org`);
    await expect(publicPage.signup.success()).toBeVisible();
    await visitor.close();
  });

  test("deny, reopen, approve without creating a chapter and archive, each asking first; the applicant is emailed", async ({ page, browser }) => {
    // Two people, and two emails that the background worker sends: more than one screen's worth of time.
    test.setTimeout(90_000);
    const city = `Missoula ${unique()}`;
    const applicant = await visitorApplies(browser, city, "laughing");
    await applicant.page.context().close();

    await signInAs(page, "admin", "/admin/chapter_host_applications");
    const apps = new HostApplicationsPage(page);
    await apps.view(applicant.name);
    await expect(page.getByText("Laughing", { exact: true })).toBeVisible();

    // Deny asks first, in the same dialog as the other destructive actions (issue 29); declining changes nothing.
    await apps.decide("Deny", { confirm: false });
    await expect(apps.status()).toHaveText("Open");
    await apps.decide("Deny", { note: `There is a chapter near ${city} already.` });
    await expect(apps.banner()).toHaveText("This Chapter Host Application has already been denied.");
    await expect(apps.status()).toHaveText("Denied");
    await expect(apps.action("Deny")).toHaveCount(0);
    // The admin's note and the email telling the applicant are in the application's history.
    await expect(apps.notes().filter({ hasText: `There is a chapter near ${city} already.` })).toBeVisible();
    await apps.expectNote(`Emailed ${applicant.email}: "About your host application"`);
    await apps.open();
    await expect(apps.rowFor(applicant.name, "Denied")).toBeVisible();

    await apps.view(applicant.name);
    await apps.decide("Reopen", { confirm: false });
    await expect(apps.status()).toHaveText("Denied");
    await apps.decide("Reopen");
    await expect(apps.status()).toHaveText("Open");
    await expect(apps.banner()).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create Chapter" })).toBeVisible();

    await apps.decide("Approve Without Creating Chapter");
    await expect(apps.banner()).toHaveText(
      "This Chapter Host Application has already been approved, although no chapter has been created. This user is eligible to be added to an existing chapter.",
    );
    await expect(apps.status()).toHaveText("Approved, No Chapter Created");
    await apps.expectNote(`Emailed ${applicant.email}: "Your host application is approved"`);

    // Add chapter from an application that is no longer open: one message (the banner), no form that cannot save.
    await page.goto(page.url().replace("/admin/chapter_host_applications/", "/admin/chapters/add/application/"));
    await expect(apps.banner()).toContainText("although no chapter has been created");
    await expect(page.getByText(/saving approves it/)).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Add Chapter" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Back to the host application of ${applicant.name}` })).toBeVisible();
    await page.goBack();

    await apps.decide("Archive", { confirm: false });
    await expect(apps.action("Archive")).toBeVisible();
    await apps.decide("Archive");
    await expect(apps.action("Unarchive")).toBeVisible();
    await apps.open();
    await expect(apps.rowFor(applicant.name)).toHaveCount(0);
    await apps.showArchived(true);
    const row = apps.rowFor(applicant.name, "Approved");
    await expect(row).toContainText("Archived");
    await expect(row).toContainText("Approved, No Chapter Created");
  });

  test("a connected admin is told of a new application at once and can open it", async ({ page, browser }) => {
    await signInAs(page, "admin", "/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const city = `Butte ${unique()}`;
    const applicant = await visitorApplies(browser, city);
    await applicant.page.context().close();
    const toast = page.getByTestId("toast-info").filter({ hasText: `${applicant.name} wants to start a chapter in ${city}` });
    await expect(toast).toContainText("New host application");
    await toast.getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL(/\/admin\/chapter_host_applications\/butte_/);
    await expect(page.getByText(`${city} needs progressive company.`)).toBeVisible();
  });

  test("an empty application note shows 'Note is Required' once edited", async ({ page, browser }) => {
    const applicant = await visitorApplies(browser, `Helena ${unique()}`);
    await applicant.page.context().close();
    await signInAs(page, "admin", "/admin/chapter_host_applications");
    const apps = new HostApplicationsPage(page);
    await apps.view(applicant.name);
    const form = page.getByRole("form", { name: "Leave a Note" });
    await expect(form.getByText("Note is Required")).toHaveCount(0);
    await form.getByLabel("Note").fill("x");
    await form.getByLabel("Note").fill("");
    await expect(form.getByText("Note is Required")).toBeVisible();
    await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});

test.describe("site admin: users and chapters", () => {
  test("users: count, limit text, search, detail with chapters and notes", async ({ page }) => {
    await signInAs(page, "admin");
    const users = new UsersPage(page);
    await users.open();
    await expect(page.getByTestId("user-count")).toHaveText(/^\d+ Users$/);
    await expect(page.getByText("Lists are limited to 300 users.", { exact: false })).toBeVisible();
    await users.search("h");
    await expect(page.getByText("Please enter at least 2 characters to search")).toBeVisible();
    await users.search("Hal Ho");
    await expect(users.rows()).toHaveCount(1);
    await users.row("Hal Host").getByRole("link", { name: "Hal Host" }).click();

    await expect(page.getByRole("heading", { name: "Hal Host" })).toBeVisible();
    await expect(page.getByRole("link", { name: "host@e2e.test" })).toBeVisible();
    const hostFor = page.getByRole("region", { name: "Chapter Host For" });
    await expect(hostFor.getByRole("link", { name: "New York City" })).toHaveAttribute("href", "/chapter/ny/nyc");
    await expect(hostFor).toContainText(/Last post: .+ \((today|\d+ days? ago|\d+ weeks? ago|\d+ months? ago|\d+ years? ago)\)|No posts yet/);
    await expect(page.getByRole("region", { name: "Field Organizer For" })).toContainText("None");

    const form = page.getByRole("form", { name: "Leave a Note" });
    await form.getByLabel("Note").fill("First note about Hal");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByLabel("Note")).toHaveValue("");
    await form.getByLabel("Note").fill("Second note about Hal");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("note-archive").getByRole("listitem").first()).toContainText("Second note about Hal");
    await form.getByLabel("Note").fill("");
    await expect(form.getByText("Note is Required")).toHaveCount(0);
  });

  test("chapters: add with validation, hidden until enabled, listed under its state; make a host from Users", async ({ page }) => {
    await signInAs(page, "admin");
    const add = new AddChapterPage(page);
    await add.open();
    for (const [label, message] of [
      ["Title", "Title is Required"],
      ["City", "City is Required"],
      ["Postal Code", "Postal Code is Required"],
      ["Country", "Country is Required"],
    ] as const) {
      await add.field(label).fill("x");
      await add.field(label).fill("");
      await expect(page.getByText(message)).toBeVisible();
    }
    const title = `Burlington ${unique()}`;
    await add.fill({ Title: title, City: "Burlington", "Postal Code": "05401", Country: "USA", state: "vt", about: "Meet\u00a0us at the lake." });
    await add.save();
    await expect(page).toHaveURL(/\/admin\/chapters$/);

    await page.getByLabel("Filter chapters").fill(title);
    const vermont = page.getByRole("region", { name: "Vermont" });
    const row = vermont.getByTestId("chapter-row").filter({ hasText: title });
    await expect(row).toContainText("Hidden");
    await expect(page.getByRole("region", { name: "New York" })).toHaveCount(0);

    await row.getByRole("link", { name: "Add Hosts" }).click();
    await expect(page.getByTestId("chapter-context")).toContainText(`Burlington: ${title}`);
    const users = new UsersPage(page);
    await users.search("Pat Plain");
    await page.getByRole("button", { name: "Make Pat Plain Chapter Host" }).click();
    await expect(users.row("Pat Plain").getByText("Chapter Host", { exact: true })).toBeVisible();
    await users.row("Pat Plain").getByRole("link", { name: "Pat Plain" }).click();
    await expect(page.getByRole("region", { name: "Chapter Host For" })).toContainText(`Burlington: ${title}`);
    await expect(page.getByRole("region", { name: "Chapter Host For" })).toContainText("No posts yet");
  });
});

test.describe("site admin: content and settings", () => {
  test("blog: add (public by default), list, edit with View link", async ({ page }) => {
    await signInAs(page, "admin", "/admin/blog");
    await page.getByRole("link", { name: "Add Blog Post" }).click();
    const editor = new ContentEditorPage(page);
    await expect(editor.flag("Public")).toBeChecked();
    await editor.fill({ title: "Spring News", slug: "Bad Slug" });
    await expect(page.getByText("Slug may only contain lowercase letters, numbers and underscores")).toBeVisible();
    const slug = `spring_news_${unique()}`;
    await editor.fill({ slug, body: "Hello from the network." });
    await editor.save();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const row = page.getByTestId("content-row").filter({ hasText: slug });
    await expect(row).toContainText("Spring News");
    await expect(row.getByRole("link", { name: "View Spring News" })).toHaveAttribute("href", `/blog/${slug}`);
    await row.getByRole("link", { name: "Edit Spring News" }).click();
    await expect(editor.body()).toHaveValue("Hello from the network.");
    await editor.fill({ title: "Spring News 2" });
    await editor.setFlag("Public", false);
    await editor.save();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.goto("/admin/blog");
    await expect(page.getByTestId("content-row").filter({ hasText: slug })).toContainText("Not Public");
  });

  test("pages: title required, slug read-only when editing, View at /{slug}", async ({ page }) => {
    await signInAs(page, "admin", "/admin/pages");
    const row = page.getByTestId("content-row").filter({ hasText: "about" }).first();
    await expect(row.getByRole("link", { name: /^View/ })).toHaveAttribute("href", "/about");
    await page.goto("/admin/pages/edit/about");
    const editor = new ContentEditorPage(page);
    await expect(editor.slug()).toHaveAttribute("readonly", "");
    await editor.title().fill("");
    await expect(page.getByText("Title is Required")).toBeVisible();
  });

  test("wiki: new pages are public and editable; a non-editable page cannot be saved", async ({ page }) => {
    await signInAs(page, "admin", "/admin/wiki/add");
    const editor = new ContentEditorPage(page);
    await expect(editor.flag("Public")).toBeChecked();
    await expect(editor.flag("Editable")).toBeChecked();

    await page.goto("/admin/wiki/edit/email_templates");
    await expect(page.getByTestId("not-editable")).toHaveText(
      "This page cannot be edited directly because the text editor will screw up the formatting. Please contact an admin.",
    );
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    const editorBox = page.getByTestId("rich-text-editor");
    await expect(editorBox).toContainText("our next meeting is on");
    await expect(editorBox.locator("textarea:not([disabled])")).toHaveCount(0);
  });

  test("general settings: the postal address for list emails saves, a few lines long", async ({ page }) => {
    await signInAs(page, "admin", "/admin/settings");
    const settings = new GeneralSettingsPage(page);
    await settings.savePostalAddress("Living Liberally\nPO Box 1, New York, NY 10001");
    await page.reload();
    await expect(settings.postalAddressForm().getByRole("textbox", { name: "Postal Address" })).toHaveValue("Living Liberally\nPO Box 1, New York, NY 10001");
    await settings.postalAddressForm().getByRole("textbox", { name: "Postal Address" }).fill("x".repeat(301));
    await expect(settings.postalAddressForm().getByText("Postal Address must be at most 300 characters")).toBeVisible();
    await settings.savePostalAddress("");
  });

  test("general settings: the image link is required and saves; the email service asks first", async ({ page }) => {
    await signInAs(page, "admin", "/admin/settings");
    const link = page.getByRole("textbox", { name: "Front Page Image Link URL" });
    await link.fill("x");
    await link.fill("");
    await expect(page.getByText("Image Link URL is Required")).toBeVisible();
    await link.fill("https://livingliberally.org/donate");
    await page.getByRole("form", { name: "Front page image link" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("form", { name: "Front page image link" }).getByText("Saved")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Front Page Image Link URL" })).toHaveValue("https://livingliberally.org/donate");

    const imageForm = page.getByRole("form", { name: "Front page image" });
    await imageForm.locator("input[type=file]").setInputFiles({ name: "callout.png", mimeType: "image/png", buffer: Buffer.from(TINY_PNG, "base64") });
    await imageForm.getByRole("button", { name: "Upload" }).click();
    await expect(imageForm.getByText("Saved")).toBeVisible();

    const select = page.getByRole("combobox", { name: "Email Service" });
    const current = await select.inputValue();
    await select.selectOption(current === "bronto" ? "sendInBlue" : "bronto");
    await page.getByRole("form", { name: "Email service" }).getByRole("button", { name: "Save" }).click();
    const asked = new ConfirmDialog(page, "Change Email Service");
    await asked.expectOpen();
    expect(await asked.root().getByRole("paragraph").first().textContent()).toBe("This can break things badly.  Are you sure?");
    await asked.cancel();
    // Declining changes nothing.
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Email Service" })).toHaveValue(current);
  });

  test("press mentions: add with a chapter, move it to no chapter, hide it, delete it", async ({ page }) => {
    await signInAs(page, "admin", "/admin/press_mentions");
    await page.getByRole("link", { name: "Add Press Mention" }).click();
    const form = page.getByRole("form", { name: "Add Press Mention" });
    await form.getByRole("textbox", { name: "Title", exact: true }).fill("x");
    await form.getByRole("textbox", { name: "Title", exact: true }).fill("");
    await expect(form.getByText("Title is Required")).toBeVisible();
    const title = `Chapter in the news ${unique()}`;
    await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await form.getByRole("textbox", { name: "URL", exact: true }).fill("https://news.example/story");
    const chapter = new ChapterPicker(form);
    await chapter.expectNone();
    await chapter.choose("bost", "Boston (MA)");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/press_mentions$/);
    const row = page.getByTestId("press-row").filter({ hasText: title });
    await expect(row).toContainText("Boston");

    await row.getByRole("link", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("form", { name: "Edit Press Mention" });
    const editChapter = new ChapterPicker(edit);
    await editChapter.expectChosen("Boston (MA)");
    await editChapter.chooseNone();
    await edit.locator("label", { has: page.getByRole("checkbox", { name: "Visible" }) }).click();
    await expect(edit.getByText("Only visible press mentions are visible to the public")).toBeVisible();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("None");
    await expect(row).toContainText("Hidden");

    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("button", { name: "Delete Press Mention" }).click();
    const confirm = new ConfirmDialog(page, "Delete Press Mention");
    await confirm.expectOpen(`Delete "${title}"? This cannot be undone.`);
    await confirm.confirm("Delete");
    await expect(page).toHaveURL(/\/admin\/press_mentions$/);
    await expect(page.getByTestId("press-row").filter({ hasText: title })).toHaveCount(0);
  });

  test("press mentions: the chapter picker searches as one types and works with the keyboard alone", async ({ page }) => {
    await signInAs(page, "admin", "/admin/press_mentions/add");
    const form = page.getByRole("form", { name: "Add Press Mention" });
    const chapter = new ChapterPicker(form);
    await chapter.expectNone();
    // The label names the combobox, and the list of matches.
    await expect(form.getByLabel("Chapter", { exact: true })).toHaveAttribute("role", "combobox");
    await form.getByRole("textbox", { name: "Notes", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(chapter.input()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(chapter.option("No chapter")).toBeVisible();
    await page.keyboard.type("austin");
    await expect(chapter.option("Austin (TX)")).toBeVisible();
    await expect(chapter.option("No chapter")).toHaveCount(0);
    await expect(chapter.list().getByRole("option")).toHaveCount(1);
    await expect(form.getByRole("status")).toHaveText("1 chapter found");
    await page.keyboard.press("ArrowDown");
    await expect(chapter.input()).toHaveAttribute("aria-activedescendant", (await chapter.option("Austin (TX)").getAttribute("id"))!);
    await page.keyboard.press("Enter");
    await chapter.expectChosen("Austin (TX)");
    await expect(chapter.list()).toHaveCount(0);
    // Enter chose a chapter and did not submit the form.
    await expect(page).toHaveURL(/\/admin\/press_mentions\/add$/);
    await expect(form.getByText("Title is Required")).toHaveCount(0);

    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("no such chapter anywhere");
    await expect(form.getByRole("status")).toHaveText("No chapters found");
    await page.keyboard.press("Escape");
    await expect(chapter.list()).toHaveCount(0);
    await chapter.expectChosen("Austin (TX)");
  });

  test("Site Content and Surveys are placeholders", async ({ page }) => {
    await signInAs(page, "admin", "/admin/content");
    await expect(page.getByText("Coming Soon!")).toBeVisible();
    await page.goto("/admin/surveys");
    await expect(page.getByText("Coming Soon!")).toBeVisible();
  });

  test("Recent Activity: one list on both dashboards, naming each item's chapter on the network's, dates as people read them", async ({ page }) => {
    await signInAs(page, "admin");
    const chapter = (slug: string, displayTitle: string, state: string, id: number) => ({ id, slug, state, displayTitle });
    const item = (over: Partial<ActivityFeedItemInfo>): ActivityFeedItemInfo => ({
      id: 1,
      type: "chapter_health",
      title: "",
      note: "",
      adminOnly: false,
      objectId: null,
      chapterId: null,
      chapter: null,
      user: null,
      createdAt: "2026-10-14T15:30:00.000Z",
      ...over,
    });
    const atRisk = item({
      id: 1,
      title: "Quiet Town has not emailed its list for 6 weeks: at risk",
      note: "No email to the list since Sep 2, 2026. A list email about the next meetup keeps it on the map.",
      chapterId: 901,
      chapter: chapter("quiet_town", "Quiet Town", "tx", 901),
    });
    const signup = item({
      id: 2,
      type: "mailing_list",
      title: "new-member@example.org joined the mailing list",
      note: "Confirmed by email",
      chapterId: 902,
      chapter: chapter("austin", "Austin", "tx", 902),
      createdAt: "2026-10-13T01:05:00.000Z",
    });
    const activity = new RecentActivity(page);
    await activity.answerWith([atRisk, signup], "network");
    await page.goto("/admin");
    await expect(activity.item(atRisk.title)).toBeVisible();
    await expect(activity.meta(atRisk.title).getByRole("link", { name: "Quiet Town" })).toHaveAttribute("href", "/chapter/tx/quiet_town");
    await expect(activity.meta(atRisk.title)).toHaveText(/^Quiet Town · System · Oct 14, 2026, \d{1,2}:\d{2}(:\d{2})?\s[AP]M$/);
    await expect(activity.meta(signup.title)).toHaveText(/^Austin · System · Oct 1[23], 2026, \d{1,2}:\d{2}(:\d{2})?\s[AP]M$/);
    await expect(activity.root).not.toContainText(/\d{4}-\d{2}-\d{2}/);

    // A chapter's own feed is the same list: the same word for no author, no chapter line (it is the chapter's).
    const dashboard = new ChapterDashboardPage(page, "ny", "nyc");
    await activity.answerWith([signup], "chapter");
    await dashboard.open();
    await expect(activity.meta(signup.title)).toHaveText(/^System · Oct 1[23], 2026, \d{1,2}:\d{2}(:\d{2})?\s[AP]M$/);
    await expect(activity.root).not.toContainText("Someone");
  });

  test("dashboard: the network's activity with admin-only flags and View links", async ({ page, browser }) => {
    const applicant = await visitorApplies(browser, `Billings ${unique()}`);
    await applicant.page.context().close();
    await signInAs(page, "admin", "/admin");
    const feed = page.getByTestId("activity-feed");
    const item = feed.getByRole("listitem").filter({ hasText: `New host application from ${applicant.name}` });
    await expect(item).toContainText("(Admin Only)");
    const noteItem = feed.locator('li[data-type="chapter_note"]').first();
    await expect(noteItem.getByRole("link", { name: "View" })).toHaveAttribute("href", /^\/chapter\/[a-z]+\/[a-z_0-9]+\/admin\/notes$/);
  });
});
