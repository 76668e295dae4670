import { expect, type Locator, type Page } from "@playwright/test";

/** The question asked before a destructive action (ui/components/ConfirmDialog). */
export class ConfirmDialog {
  constructor(
    private readonly page: Page,
    readonly title: string | RegExp,
  ) {}

  root(): Locator {
    return this.page.getByRole("alertdialog", { name: this.title });
  }

  async expectOpen(text?: string | RegExp) {
    await expect(this.root()).toBeVisible();
    if (text) await expect(this.root()).toContainText(text);
  }

  async confirm(label: string) {
    await this.root().getByRole("button", { name: label, exact: true }).click();
    await expect(this.root()).toHaveCount(0);
  }

  async cancel() {
    await this.root().getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(this.root()).toHaveCount(0);
  }
}
