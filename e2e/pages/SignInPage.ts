import type { Page } from "@playwright/test";

export class SignInPage {
  constructor(private readonly page: Page) {}

  async open(returnUrl?: string) {
    await this.page.goto(returnUrl ? `/signin?returnUrl=${encodeURIComponent(returnUrl)}` : "/signin");
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign In" }).click();
  }

  errorAlert() {
    return this.page.getByRole("alert");
  }
}
