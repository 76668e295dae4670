import { expect, type Page } from "@playwright/test";
import { downloadOf } from "./downloads";

/** Chapter admin Members and Add Members (spec 001 section 2). */
export class MembersPage {
  constructor(
    private readonly page: Page,
    private readonly chapterPath: string,
  ) {}

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
    await this.row(email)
      .getByRole("button", { name: `Delete ${email}` })
      .click();
    const dialog = this.page.getByRole("alertdialog", { name: "Delete Member" });
    await expect(dialog).toBeVisible();
    const message = (await dialog.getByRole("paragraph").first().textContent()) ?? "";
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    return message;
  }

  rows() {
    return this.page.getByTestId("member-row");
  }

  /** "Showing 1–50 of 60 (page 1 of 2)" with Previous and Next. */
  pager() {
    return this.page.getByRole("navigation", { name: "Pages of members" });
  }

  async nextPage() {
    await this.pager().getByRole("button", { name: "Next" }).click();
  }

  async previousPage() {
    await this.pager().getByRole("button", { name: "Previous" }).click();
  }

  async search(text: string) {
    await this.page.getByLabel("Search by email").fill(text);
  }

  async openAdd() {
    await this.page.getByRole("link", { name: "Add Members" }).click();
    await expect(this.page.getByRole("heading", { name: "Add Members" })).toBeVisible();
  }

  async addMembers(text: string) {
    await this.page.getByLabel("New Email Addresses (Required)").fill(text);
    await this.page.getByRole("button", { name: "Save" }).click();
  }

  /** What Add Members says after a save: added, already members, not valid. */
  addOutcome() {
    return this.page.getByTestId("add-members-outcome");
  }

  addBox() {
    return this.page.getByLabel("New Email Addresses (Required)");
  }

  /** Clicks Export CSV and answers the downloaded file's name and text. */
  exportCsv() {
    return downloadOf(this.page, () => this.page.getByRole("link", { name: "Export CSV" }).click());
  }

  async backToList() {
    await this.page.getByRole("link", { name: "All Members" }).click();
    await expect(this.count()).toBeVisible();
  }
}
