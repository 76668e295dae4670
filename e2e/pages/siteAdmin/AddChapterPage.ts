import { expect, type Page } from "@playwright/test";

/** /admin/chapters/add and /admin/chapters/add/application/{slug}. */
export class AddChapterPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/chapters/add");
    await expect(this.page.getByRole("heading", { name: "Add Chapter" })).toBeVisible();
  }

  field(label: "Title" | "City" | "Postal Code" | "Country") {
    return this.page.getByRole("form", { name: "Add Chapter" }).getByRole("textbox", { name: label, exact: true });
  }

  async fill(v: Partial<Record<"Title" | "City" | "Postal Code" | "Country", string>> & { state?: string; about?: string }) {
    for (const key of ["Title", "City", "Postal Code", "Country"] as const) {
      if (v[key] !== undefined) await this.field(key).fill(v[key]!);
    }
    if (v.state) await this.page.getByLabel("State").selectOption(v.state);
    if (v.about !== undefined) await this.page.getByPlaceholder("Insert text here ...").fill(v.about);
  }

  save() {
    return this.page.getByRole("form", { name: "Add Chapter" }).getByRole("button", { name: "Save" }).click();
  }
}
