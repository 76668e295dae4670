import { expect, type Page } from "@playwright/test";

/** The blog, page and wiki editors under /admin/{blog,pages,wiki}. */
export class ContentEditorPage {
  constructor(private readonly page: Page) {}

  title() {
    return this.page.getByRole("textbox", { name: "Title", exact: true });
  }

  slug() {
    return this.page.getByRole("textbox", { name: "Slug", exact: true });
  }

  body() {
    return this.page.getByPlaceholder("Insert text here ...");
  }

  flag(name: "Public" | "Editable") {
    return this.page.getByRole("checkbox", { name });
  }

  /** Chakra's checkbox input is visually hidden: click its label. */
  async setFlag(name: "Public" | "Editable", on: boolean) {
    if ((await this.flag(name).isChecked()) !== on) await this.page.locator("label", { has: this.flag(name) }).click();
    await (on ? expect(this.flag(name)).toBeChecked() : expect(this.flag(name)).not.toBeChecked());
  }

  saveButton() {
    return this.page.getByRole("button", { name: "Save" });
  }

  async fill(v: { title?: string; slug?: string; body?: string }) {
    if (v.title !== undefined) await this.title().fill(v.title);
    if (v.slug !== undefined) await this.slug().fill(v.slug);
    if (v.body !== undefined) {
      await expect(this.body()).toBeVisible();
      await this.body().fill(v.body);
    }
  }

  async save() {
    await this.saveButton().click();
  }
}
