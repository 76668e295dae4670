import { expect, type Page } from "@playwright/test";

/** /rsvp/{token}: the page an RSVP email's link opens. */
export class RsvpLinkPage {
  constructor(private readonly page: Page) {}

  async open(token: string) {
    await this.page.goto(`/rsvp/${token}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Your Answer" })).toBeVisible();
  }

  meetup() {
    return this.page.getByTestId("rsvp-link");
  }

  confirm() {
    return this.page.getByTestId("rsvp-confirm");
  }

  recorded() {
    return this.page.getByTestId("rsvp-recorded");
  }

  error() {
    return this.page.getByTestId("rsvp-link-error");
  }
}
