import type { Locator, Page } from "@playwright/test";

/** The API's readable documentation at /api/docs: a contents list by tag, then one article per operation. */
export class ApiDocsPage {
  constructor(private readonly page: Page) {}

  async open() {
    return this.page.goto("/api/docs");
  }

  /** The contents entry of a tag ("Chapters", "Account", ...). */
  contentsLink(tag: string): Locator {
    return this.page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: tag, exact: true });
  }

  /** The article of one operation, found by its heading ("GET /api/chapters"). */
  operation(method: string, path: string): Locator {
    return this.page.getByRole("article").filter({ has: this.page.getByRole("heading", { level: 3, name: `${method} ${path}`, exact: true }) });
  }

  /** Follows the link to a named schema from an operation and answers the schema's section. */
  async openSchema(from: Locator, name: string): Promise<Locator> {
    await from.getByRole("link", { name, exact: true }).first().click();
    return this.page.locator(`section#schema-${name}`);
  }
}
