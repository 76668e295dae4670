import { expect, type Locator, type Page } from "@playwright/test";
import { ConfirmDialog } from "../ConfirmDialog";

/** The actions on an application that ask first: the dialog's title and the button that goes ahead. */
const ASKS_FIRST = {
  Deny: { title: "Deny Application", confirm: "Deny" },
  "Approve Without Creating Chapter": { title: "Approve Without Creating Chapter", confirm: "Approve" },
  Reopen: { title: "Reopen Application", confirm: "Reopen" },
  Archive: { title: "Archive Application", confirm: "Archive" },
} as const;

/** /admin/chapter_host_applications and the detail screen of one application. */
export class HostApplicationsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/chapter_host_applications");
    await expect(this.page.getByRole("heading", { name: "Chapter Host Applications" })).toBeVisible();
  }

  group(name: "Open" | "Approved" | "Denied"): Locator {
    return this.page.getByRole("region", { name });
  }

  rowFor(applicantName: string, group?: "Open" | "Approved" | "Denied"): Locator {
    const scope = group ? this.group(group) : this.page;
    return scope.getByTestId("application-row").filter({ hasText: applicantName });
  }

  async showArchived(on: boolean) {
    const toggle = this.page.getByRole("checkbox", { name: "Show Archived" });
    if ((await toggle.isChecked()) !== on) await this.page.getByText("Show Archived").click();
  }

  async view(applicantName: string) {
    await this.page.getByRole("link", { name: `View the application of ${applicantName}` }).click();
    await expect(this.page.getByRole("heading", { name: "Chapter Host Application", exact: true })).toBeVisible();
  }

  // ---- detail ----
  banner() {
    return this.page.getByTestId("application-banner");
  }

  status() {
    return this.page.getByTestId("status-badge").first();
  }

  flag(label: "Completed Call" | "Signed Agreement" | "Gave Additional Info") {
    return this.page.getByText(new RegExp(`^${label}: (Yes|No)$`));
  }

  async toggleFlag(label: "Completed Call" | "Signed Agreement" | "Gave Additional Info") {
    const before = await this.flag(label).textContent();
    await this.flag(label).click();
    await expect(this.flag(label)).not.toHaveText(before!);
  }

  action(name: string) {
    return this.page.getByRole("button", { name, exact: true });
  }

  /** Clicks an action that asks first and answers its dialog, writing a note to the applicant when given. */
  async decide(action: keyof typeof ASKS_FIRST, { confirm = true, note }: { confirm?: boolean; note?: string } = {}) {
    await this.action(action).click();
    const dialog = new ConfirmDialog(this.page, ASKS_FIRST[action].title);
    await dialog.expectOpen();
    if (note !== undefined) await dialog.root().getByLabel("Note to the applicant (optional)").fill(note);
    if (confirm) await dialog.confirm(ASKS_FIRST[action].confirm);
    else await dialog.cancel();
  }

  /** Waits for a note the server adds in the background (the email to the applicant), reloading to see it. */
  async expectNote(text: string) {
    await expect(async () => {
      await this.page.reload();
      await expect(this.notes().filter({ hasText: text })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
  }

  async leaveNote(text: string) {
    const form = this.page.getByRole("form", { name: "Leave a Note" });
    await form.getByLabel("Note").fill(text);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByLabel("Note")).toHaveValue("");
  }

  notes() {
    return this.page.getByTestId("note-archive").getByRole("listitem");
  }
}
