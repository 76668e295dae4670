import { expect, type Page } from "@playwright/test";

/** /confirm_meetup/{token}: the page a meetup confirmation email's link opens. */
export class ConfirmMeetupPage {
  constructor(private readonly page: Page) {}

  async open(token: string) {
    await this.page.goto(`/confirm_meetup/${token}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Is Your Meetup On?" })).toBeVisible();
  }

  yes() {
    return this.page.getByRole("button", { name: "Yes, it's on" });
  }

  cancelThisOne() {
    return this.page.getByRole("button", { name: "Cancel this one" });
  }

  async cancel(note: string) {
    await this.cancelThisOne().click();
    const form = this.page.getByRole("form", { name: "Cancel this meetup" });
    await form.getByLabel("Note (optional)").fill(note);
    await form.getByRole("button", { name: "Cancel this Meetup" }).click();
  }

  status() {
    return this.page.getByRole("status");
  }

  error() {
    return this.page.getByTestId("confirm-meetup-error");
  }
}
