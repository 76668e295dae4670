import type { Page } from "@playwright/test";

export class StartChapterPage {
  constructor(private readonly page: Page) {}

  open() {
    return this.page.goto("/start_chapter");
  }

  async createAccount(v: { name: string; email: string; password: string }) {
    await this.page.getByLabel("Full Name").fill(v.name);
    await this.page.getByLabel("Email").fill(v.email);
    await this.page.getByLabel("Password", { exact: false }).first().fill(v.password);
    await this.page.getByLabel("Confirm Password").fill(v.password);
    await this.page.getByRole("button", { name: "Create Account" }).click();
  }

  async fillApplication(v: { city: string; state: string; type?: "drinking" | "dining" | "laughing"; reason: string }) {
    await this.page.getByLabel("City").fill(v.city);
    await this.page.getByLabel("State").selectOption({ label: v.state });
    if (v.type) await this.page.getByRole("radio", { name: v.type }).check();
    await this.page.getByLabel("Why do you want to start a chapter?").fill(v.reason);
  }

  applyButton() {
    return this.page.getByRole("button", { name: "Apply" });
  }

  field(label: "Full Name" | "Email" | "City" | "State" | "Why do you want to start a chapter?") {
    return this.page.getByLabel(label);
  }

  /** The warning box above either form (the server's refusal). */
  warning() {
    return this.page.getByRole("main").getByRole("alert");
  }

  /** What the screen says once the application is in: "Great!" and "We'll be in touch soon!". */
  success() {
    return this.page.getByRole("status").filter({ hasText: "We'll be in touch soon!" });
  }
}
