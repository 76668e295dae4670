import type { Locator, Page } from "@playwright/test";

/** Who's coming to one meetup a chapter page lists: "N going" and "I'm coming" (ui/screens/public/RsvpIsland.tsx). */
export class RsvpWidget {
  readonly root: Locator;
  constructor(page: Page, eventSlug: string, date: string) {
    this.root = page.getByTestId(`rsvp-${eventSlug}-${date}`);
  }

  going() {
    return this.root.getByTestId("going-count");
  }

  comingButton() {
    return this.root.getByTestId("rsvp-button");
  }

  /** A visitor opens the form, gives an address (and a name) and asks for the link. */
  async askForLink(email: string, name = "") {
    await this.comingButton().click();
    const form = this.root.getByRole("form");
    await form.getByLabel("Your email").fill(email);
    if (name) await form.getByLabel("Your name (for the hosts)").fill(name);
    await form.getByRole("button", { name: "Send me the link" }).click();
  }

  result() {
    return this.root.getByTestId("rsvp-result");
  }

  cantMakeIt() {
    return this.root.getByRole("button", { name: "Can't make it" });
  }
}
