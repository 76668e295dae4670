import { expect, type Page } from "@playwright/test";

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
}
