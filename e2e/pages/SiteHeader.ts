import type { Page } from "@playwright/test";

/** The header on every page: the site's name, the main menu (folded into a Menu button on a phone) and dark mode. */
export class SiteHeader {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByRole("banner");
  }

  async height(): Promise<number> {
    return (await this.root().boundingBox())!.height;
  }

  /** The phone's Menu button (a <details> summary). */
  menuButton() {
    return this.root().getByText("Menu", { exact: true });
  }

  /** A link of the main menu, where it shows now (inline, or in the opened Menu on a phone). */
  link(name: string) {
    return this.root().getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
  }
}
