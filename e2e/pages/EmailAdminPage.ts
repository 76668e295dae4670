import { expect, type Page } from "@playwright/test";
import { ChapterPicker } from "./ChapterPicker";
import { downloadOf } from "./downloads";

/** Site admin Email Administration (/admin/email): aliases, their add/edit modal and delete confirmation. */
export class EmailAdminPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/email");
    await expect(this.page.getByRole("heading", { name: "Email Administration" })).toBeVisible();
  }

  /** What the sending domain needs and what the configuration lacks. */
  deliverability() {
    return this.page.getByRole("region", { name: "Deliverability" });
  }

  /** The list email recipients counted on the Mailing List Delivery card (waiting, refused, not known, retried). */
  recipientDeliveries() {
    return this.page.getByTestId("recipient-deliveries");
  }

  /** Clicks the network's member export and answers the downloaded file's name and text. */
  exportAllMembers() {
    return downloadOf(this.page, () =>
      this.page.getByRole("region", { name: "Member Export" }).getByRole("link", { name: "Export all members (CSV)" }).click(),
    );
  }

  modal() {
    return this.page.getByTestId("alias-modal");
  }

  /** The modal's chapter picker ("Chapter (optional)"). */
  chapterPicker() {
    return new ChapterPicker(this.modal(), /^Chapter/);
  }

  row(address: string) {
    return this.page.getByTestId("alias-row").filter({ hasText: address });
  }

  async search(term: string) {
    await this.page.getByRole("textbox", { name: "Search for Email Aliases" }).fill(term);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  async openAdd() {
    await this.page.getByRole("button", { name: "Add Alias" }).click();
    await expect(this.modal()).toBeVisible();
  }

  async fillAlias(localPart: string, domain: string, recipients: string[]) {
    await this.modal().getByRole("textbox", { name: "Local part" }).fill(localPart);
    await this.modal().getByRole("combobox", { name: "Domain" }).selectOption(domain);
    for (let i = 0; i < recipients.length; i++) {
      if (i > 0) await this.modal().getByRole("button", { name: "Add Recipient" }).click();
      await this.modal()
        .getByRole("textbox", { name: `Recipient ${i + 1}` })
        .fill(recipients[i]);
    }
  }

  async save() {
    await this.modal().getByRole("button", { name: "Save" }).click();
  }
}
