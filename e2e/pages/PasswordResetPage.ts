import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { outboxDir } from "../support";

/** The reset link request (/password_reset) and a reset link's page (/password_verify/{token}). */
export class PasswordResetPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/password_reset");
  }

  async request(email: string) {
    await this.email().fill(email);
    await this.page.getByRole("button", { name: "Send Reset Link" }).click();
  }

  email() {
    return this.page.getByLabel("Email");
  }

  /** What the screen says to the request ("Reset email sent!", "Email address not found.", "Something went wrong."). */
  outcome() {
    return this.page.getByTestId("password-reset-outcome");
  }

  /** The path of the last reset link mailed to `email` (read from the outbox as a mail client reads it). */
  static async linkMailedTo(email: string): Promise<string | null> {
    if (!fs.existsSync(outboxDir())) return null;
    let link: { path: string; at: number } | null = null;
    for (const file of fs.readdirSync(outboxDir())) {
      const mail = await simpleParser(fs.readFileSync(path.join(outboxDir(), file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
      const found = /\/password_verify\/[\w-]+/.exec(mail.text ?? "");
      const at = mail.date?.getTime() ?? 0;
      if (to === email && found && (!link || at >= link.at)) link = { path: found[0], at };
    }
    return link?.path ?? null;
  }

  async openLink(linkPath: string) {
    await this.page.goto(linkPath);
  }

  async setNewPassword(password: string, confirm = password) {
    await this.page.getByLabel("New Password").first().fill(password);
    await this.page.getByLabel("Confirm New Password").fill(confirm);
    await this.page.getByRole("button", { name: "Save New Password" }).click();
  }

  /** The message above the new password form. */
  newPasswordError() {
    return this.page.getByTestId("new-password-error");
  }

  done() {
    return this.page.getByText("Great! Please sign in to continue.");
  }
}
