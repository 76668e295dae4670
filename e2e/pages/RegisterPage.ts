import type { Page } from "@playwright/test";

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open(returnUrl?: string) {
    await this.page.goto(returnUrl ? `/register_for_account?returnUrl=${encodeURIComponent(returnUrl)}` : "/register_for_account");
  }

  async fill(v: { name: string; email: string; password: string; confirm: string }) {
    await this.page.getByLabel("Full Name").fill(v.name);
    await this.page.getByLabel("Email").fill(v.email);
    await this.page.getByLabel("Password", { exact: false }).first().fill(v.password);
    await this.page.getByLabel("Confirm Password").fill(v.confirm);
  }

  submit() {
    return this.page.getByRole("button", { name: "Register" }).click();
  }

  /** The warning box above the form (the server's refusal, with or without JavaScript). */
  warning() {
    return this.page.getByTestId("register-error");
  }

  field(label: "Full Name" | "Email") {
    return this.page.getByLabel(label);
  }

  /** The success view: "Success! Welcome" with its way on. */
  welcome() {
    return this.page.getByRole("heading", { level: 1, name: "Success! Welcome" });
  }

  startedLink() {
    return this.page.getByRole("link", { name: "Let's Get Started!" });
  }
}
