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

  /** Writes the body key by key, as a host does (Enter included: the editor's list handling sees every key). */
  async typeBody(text: string) {
    const body = this.page.getByRole("textbox", { name: "Body" });
    await body.click();
    await body.pressSequentially(text);
  }

  body() {
    return this.page.getByRole("textbox", { name: "Body" });
  }

  /** Asks for the preview and answers its section ("What Members Will See"). */
  async preview() {
    await this.page.getByRole("button", { name: "Preview", exact: true }).click();
    const section = this.page.getByRole("region", { name: "Preview" });
    await expect(section).toBeVisible();
    return section;
  }

  /** The HTML part the preview shows, as the document members' mail clients get. */
  async previewHtml(): Promise<string> {
    const section = await this.preview();
    return (await section.locator("iframe").getAttribute("srcdoc")) ?? "";
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
