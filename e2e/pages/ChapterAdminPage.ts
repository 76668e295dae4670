import { expect, type Locator, type Page } from "@playwright/test";

export type AdminSection =
  "" | "resources" | "settings" | "content" | "hosts" | "email" | "events" | "members" | "links" | "notes" | "press_mentions" | "press_mentions/add";

/** The chapter admin area of one chapter: /chapter/{state}/{slug}/admin. */
export class ChapterAdminPage {
  constructor(
    readonly page: Page,
    readonly state = "ny",
    readonly slug = "nyc",
  ) {}

  get basePath() {
    return `/chapter/${this.state}/${this.slug}/admin`;
  }

  async open(section: AdminSection | string = "") {
    await this.page.goto(section ? `${this.basePath}/${section}` : this.basePath);
  }

  menu(): Locator {
    return this.page.getByRole("navigation", { name: "Chapter admin" });
  }

  menuLink(label: string): Locator {
    return this.menu().getByRole("link", { name: label, exact: true });
  }

  sectionHeading(title: string): Locator {
    return this.page.getByRole("heading", { level: 2, name: title, exact: true });
  }

  refusal(): Locator {
    return this.page.getByTestId("chapter-admin-refused");
  }

  savedIndicator(): Locator {
    return this.page.getByRole("status").filter({ hasText: /^Saved$/ });
  }

  /** "Saved" shows, then vanishes after 3 seconds. */
  async expectSavedThenGone() {
    await expect(this.savedIndicator()).toBeVisible();
    await expect(this.savedIndicator()).toBeHidden({ timeout: 5_000 });
  }

  card(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  // ---- Chapter Settings ----
  /** A text box or select by its label (labels of required fields also carry a marker). */
  settingsField(label: string): Locator {
    return this.page.getByRole("textbox", { name: label, exact: true }).or(this.page.getByRole("combobox", { name: label, exact: true }));
  }

  textbox(label: string): Locator {
    return this.page.getByRole("textbox", { name: label, exact: true });
  }

  // ---- Page Content ----
  aboutEditor(): Locator {
    return this.page.getByRole("textbox", { name: "About this Chapter" });
  }

  headerImage(): Locator {
    return this.page.getByTestId("header-image");
  }

  headerImageInput(): Locator {
    return this.page.getByLabel("Upload a header image");
  }

  // ---- Links ----
  linkRows(): Locator {
    return this.page.getByTestId("link-row");
  }

  // ---- Notes ----
  noteText(): Locator {
    return this.page.getByRole("textbox", { name: "Note" });
  }

  adminOnlyCheckbox(): Locator {
    return this.page.getByRole("checkbox", { name: "Admin Only" });
  }

  noteItems(): Locator {
    return this.page.getByTestId("note-item");
  }

  async leaveNote(text: string, adminOnly = false) {
    await this.noteText().fill(text);
    if (adminOnly) await this.page.getByText("Admin Only", { exact: true }).click();
    await this.page.getByRole("button", { name: "Save" }).click();
  }

  // ---- Press Mentions ----
  pressMentionItems(): Locator {
    return this.page.getByTestId("press-mention-item");
  }

  async fillPressMention(v: { title?: string; url?: string; notes?: string }) {
    if (v.title !== undefined) await this.textbox("Title").fill(v.title);
    if (v.url !== undefined) await this.textbox("URL").fill(v.url);
    if (v.notes !== undefined) await this.textbox("Notes").fill(v.notes);
  }
}
