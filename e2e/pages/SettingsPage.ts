import type { Page } from "@playwright/test";
import { ConfirmDialog } from "./ConfirmDialog";
import { downloadOf } from "./downloads";

/** The account's Settings screen (/settings): sign out, download my data, delete my account. */
export class SettingsPage {
  readonly deleteDialog: ConfirmDialog;
  constructor(private readonly page: Page) {
    this.deleteDialog = new ConfirmDialog(page, "Delete your account?");
  }

  open() {
    return this.page.goto("/settings");
  }

  /** Presses Download my data and answers the saved file's name and its JSON. */
  async downloadMyData(): Promise<{ fileName: string; data: Record<string, any> }> {
    const { fileName, text } = await downloadOf(this.page, () => this.page.getByRole("button", { name: "Download my data" }).click());
    return { fileName, data: JSON.parse(text) };
  }

  /** Opens the deletion dialog and fills it in, without confirming. */
  async askToDelete(password: string, leaveLists = false) {
    await this.page.getByRole("button", { name: "Delete my account" }).click();
    await this.deleteDialog.expectOpen();
    await this.deleteDialog.root().getByLabel("Password").fill(password);
    if (leaveLists) await this.deleteDialog.root().getByText("Leave every mailing list too").click();
  }

  /** Confirms the deletion; the dialog closes when the account is gone. */
  confirmDelete() {
    return this.deleteDialog.confirm("Delete my account");
  }

  /** Confirms, expecting a refusal shown in the dialog. */
  async confirmDeleteRefused() {
    await this.deleteDialog.root().getByRole("button", { name: "Delete my account", exact: true }).click();
  }
}
