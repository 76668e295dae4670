import { expect, type Page } from "@playwright/test";

/** Chapter admin Send Email (spec 001 section 2). */
export class SendEmailPage {
  constructor(private readonly page: Page, private readonly chapterPath: string) {}

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
    return this.page.getByRole("button", { name: /^Send/ });
  }

  /** Clicks Send and answers the confirmation; returns its text. */
  async send(accept = true): Promise<string> {
    const answered = new Promise<string>((resolve) => {
      this.page.once("dialog", async (d) => {
        const message = d.message();
        if (accept) await d.accept();
        else await d.dismiss();
        resolve(message);
      });
    });
    await this.sendButton().click();
    return answered;
  }
}
