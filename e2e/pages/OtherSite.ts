import type { Page } from "@playwright/test";

/** The origin of a site that is not ours; the browser gets its pages from the test, never from the network. */
export const OTHER_SITE = "http://elsewhere.example";

/**
 * A page of another site linking to ours, for what a visitor who follows such a link gets: the browser sends
 * the request as cross-site (Sec-Fetch-Site, Referer), with the SameSite=Lax session cookie of a top-level link.
 */
export class OtherSitePage {
  constructor(private readonly page: Page) {}

  /** Opens a page of the other site with one link for each of our paths (the link's text is the path). */
  async open(ourOrigin: string, paths: string[]) {
    const links = paths.map((path) => `<p><a href="${new URL(path, ourOrigin).href}">${path.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</a></p>`);
    await this.page.route(`${OTHER_SITE}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Elsewhere</title><main>${links.join("")}</main>` }),
    );
    await this.page.goto(`${OTHER_SITE}/links`);
  }

  async follow(path: string) {
    await this.page.getByRole("link", { name: path, exact: true }).click();
  }
}
