import { expect, type Page } from "@playwright/test";
import { E2E_ACCOUNTS, type AccountName } from "../accounts";

/** The desktop app's window: first-run server prompt, then the same UI as the web site, used by clicking only. */
export class DesktopApp {
  constructor(private readonly page: Page) {}

  serverPrompt() {
    return this.page.getByRole("heading", { name: "Connect to your Chapterhouse server" });
  }

  async enterServerAddress(address: string) {
    await this.page.getByLabel("Server address").fill(address);
    await this.page.getByRole("button", { name: "Connect" }).click();
  }

  async connect(address: string) {
    await expect(this.serverPrompt()).toBeVisible();
    await this.enterServerAddress(address);
    await expect(this.nav().getByRole("link", { name: "Sign In" })).toBeVisible();
  }

  nav() {
    return this.page.getByRole("navigation", { name: "Main" });
  }

  async signIn(who: AccountName) {
    const account = E2E_ACCOUNTS[who];
    await this.nav().getByRole("link", { name: "Sign In" }).click();
    await this.page.getByLabel("Email").fill(account.email);
    await this.page.getByLabel("Password").fill(account.password);
    await this.page.getByRole("button", { name: "Sign In" }).click();
    await expect(this.nav().getByRole("link", { name: `Hi, ${account.name}!` })).toBeVisible();
  }
}
