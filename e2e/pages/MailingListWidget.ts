import type { Locator } from "@playwright/test";

/** The mailing-list signup widget inside some container (chapter page, pin info window). */
export class MailingListWidget {
  constructor(private readonly root: Locator) {}

  email() {
    return this.root.getByLabel("Join the mailing list");
  }

  async signUp(email?: string) {
    if (email !== undefined) await this.email().fill(email);
    await this.root.getByRole("button", { name: "Sign Up" }).click();
  }

  signUpButton() {
    return this.root.getByRole("button", { name: "Sign Up" });
  }

  success() {
    return this.root.getByText("Success!");
  }

  error(text: string) {
    return this.root.getByText(`Oops. ${text}`);
  }

  /** What comes next, said under Success! (the chapter's next meetup). */
  whatNext() {
    return this.root.getByTestId("signup-what-next");
  }

  tryAgain() {
    return this.root.getByRole("link", { name: "Try again" });
  }
}
