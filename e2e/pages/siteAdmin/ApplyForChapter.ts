import { expect, type Page } from "@playwright/test";

/** The applicant's side: /start_chapter (account, then chapter info) and My Chapters. */
export class ApplyForChapter {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/start_chapter");
    await expect(this.page.getByRole("heading", { name: "Apply to Host a New Chapter" })).toBeVisible();
  }

  /** A signed-out visitor creates an account right on the form. */
  async createAccount(v: { name: string; email: string; password: string }) {
    await this.page.getByLabel("Full Name").fill(v.name);
    await this.page.getByLabel("Email").fill(v.email);
    await this.page.getByLabel("Password", { exact: false }).first().fill(v.password);
    await this.page.getByLabel("Confirm Password").fill(v.password);
    await this.page.getByRole("button", { name: "Create Account" }).click();
    await expect(this.page.getByRole("link", { name: `Hi, ${v.name}!` })).toBeVisible();
  }

  async apply(v: { city: string; state: string; type: "drinking" | "dining" | "laughing"; reason: string }) {
    await this.page.getByLabel("City").fill(v.city);
    await this.page.getByLabel("State").selectOption(v.state);
    await this.page.getByRole("radio", { name: v.type }).check();
    await this.page.getByLabel("Why do you want to start a chapter?").fill(v.reason);
    await this.page.getByRole("button", { name: "Apply" }).click();
    await expect(this.page.getByRole("heading", { name: "Great!" })).toBeVisible();
    await expect(this.page.getByText("We'll be in touch soon!")).toBeVisible();
  }

  myChapter(displayTitle: string) {
    return this.page.getByTestId("my-chapters").getByRole("listitem").filter({ hasText: displayTitle });
  }
}
