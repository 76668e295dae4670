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

  /** The message above the form (a failed sign-in, with or without JavaScript). */
  error() {
    return this.page.getByTestId("sign-in-error");
  }

  email() {
    return this.page.getByLabel("Email");
  }

  /** What the screen says to someone already signed in, with its Sign Out button. */
  signedInNote() {
    return this.page.getByRole("status").filter({ hasText: "You are signed in as" });
  }

  async signOut() {
    await this.signedInNote().getByRole("button", { name: "Sign Out" }).click();
  }
}
