import { expect, type Page } from "@playwright/test";
import { ConfirmDialog } from "../ConfirmDialog";

/** /admin/users and /admin/users/{id}. */
export class UsersPage {
  constructor(private readonly page: Page) {}

  async open(chapterId?: number) {
    await this.page.goto(chapterId ? `/admin/users?chapterId=${chapterId}` : "/admin/users");
    await expect(this.page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByLabel("Search by name or email").fill(text);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  rows() {
    return this.page.getByTestId("user-row");
  }

  row(name: string) {
    return this.rows().filter({ hasText: name });
  }

  /** The Role filter: "Everyone", "Admins", "Chapter Hosts", "Field Organizers" or "No role". */
  async filterByRole(label: string) {
    await this.page.getByLabel("Role", { exact: true }).selectOption({ label });
  }

  /** The roles shown on a user's row ("Admin", "Chapter Host (1)", or "None"). */
  roles(name: string) {
    return this.row(name).getByRole("cell").nth(2);
  }

  /** On a user's page: the Admin flag ("Yes" or "No"). */
  adminFlag() {
    return this.page.getByTestId("user-admin");
  }

  /** On a user's page: Make Admin or Remove Admin, answering the question with `answer` ("confirm" or "cancel"). */
  async setAdmin(name: string, isAdmin: boolean, answer: "confirm" | "cancel" = "confirm") {
    const label = isAdmin ? "Make Admin" : "Remove Admin";
    await this.page.getByRole("button", { name: label, exact: true }).click();
    const dialog = new ConfirmDialog(this.page, isAdmin ? `Make ${name} an admin?` : `Remove ${name}'s admin role?`);
    await dialog.expectOpen();
    if (answer === "cancel") await dialog.cancel();
    else await dialog.confirm(label);
  }
}
