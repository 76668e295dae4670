import { expect, type Page } from "@playwright/test";
import { ConfirmDialog } from "./ConfirmDialog";

/** Chapter admin Send Email (spec 001 section 2). */
export class SendEmailPage {
  constructor(
    private readonly page: Page,
    private readonly chapterPath: string,
  ) {}

  async open() {
    await this.page.goto(`${this.chapterPath}/admin/email`);
    await expect(this.page.getByRole("heading", { name: "Send Email" })).toBeVisible();
    await expect(this.page.getByTestId("rich-text-editor")).toBeVisible();
  }

  async write(title: string, body: string) {
    await this.page.getByRole("textbox", { name: "Title" }).fill(title);
    await this.page.getByRole("textbox", { name: "Body" }).fill(body);
  }

  sendButton() {
    return this.page.getByRole("form", { name: "Send Email" }).getByRole("button", { name: /^Send/ });
  }

  /** Clicks Send and answers the confirmation dialog; returns its text. */
  async send(accept = true): Promise<string> {
    await this.sendButton().click();
    const dialog = new ConfirmDialog(this.page, "Send Email");
    await dialog.expectOpen();
    const message = (await dialog.root().getByRole("paragraph").first().textContent()) ?? "";
    if (accept) await dialog.confirm("Send");
    else await dialog.cancel();
    return message;
  }
}
