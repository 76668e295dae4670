import { expect, type Page } from "@playwright/test";

/** Chapter admin Members and Add Members (spec 001 section 2). */
export class MembersPage {
  constructor(private readonly page: Page, private readonly chapterPath: string) {}

  async open() {
    await this.page.goto(`${this.chapterPath}/admin/members`);
    await expect(this.page.getByTestId("member-count")).toBeVisible();
  }

  count() {
    return this.page.getByTestId("member-count");
  }

  row(email: string) {
    return this.page.locator(`[data-testid=member-row][data-email="${email}"]`);
  }

  /** Deletes a member, accepting the confirmation dialog; returns the confirmation's text. */
  async delete(email: string): Promise<string> {
    await this.row(email).getByRole("button", { name: `Delete ${email}` }).click();
    const dialog = this.page.getByRole("alertdialog", { name: "Delete Member" });
    await expect(dialog).toBeVisible();
    const message = (await dialog.getByRole("paragraph").first().textContent()) ?? "";
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    return message;
  }

  async openAdd() {
    await this.page.getByRole("link", { name: "Add Members" }).click();
    await expect(this.page.getByRole("heading", { name: "Add Members" })).toBeVisible();
  }

  async addMembers(text: string) {
    await this.page.getByLabel("New Email Addresses (Required)").fill(text);
    await this.page.getByRole("button", { name: "Save" }).click();
  }

  async backToList() {
    await this.page.getByRole("link", { name: "All Members" }).click();
    await expect(this.count()).toBeVisible();
  }
}
