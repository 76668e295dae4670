import type { Page } from "@playwright/test";
import { embedLine } from "../../server/web/embedFinder";
import { OtherSiteServer } from "./OtherSite";

const attributeValue = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The embeddable finder on a page of another site (docs/embedding.md): the one pasted line and the element, served
 * from another origin, loading our script and asking our API across origins. Playwright's locators reach into the
 * element's open shadow root.
 */
export class EmbeddedFinder {
  private site: OtherSiteServer | null = null;
  constructor(private readonly page: Page) {}

  /** Opens the other site's page with `<chapterhouse-finder>` and these attributes. */
  async open(ourOrigin: string, attributes: Record<string, string>) {
    const attrs = Object.entries(attributes).map(([name, value]) => ` ${name}="${attributeValue(value)}"`);
    await this.close();
    this.site = await OtherSiteServer.start(
      `<main><h1>Elsewhere</h1>${embedLine(ourOrigin)}<chapterhouse-finder${attrs.join("")}></chapterhouse-finder></main>`,
    );
    await this.page.goto(this.site.url);
  }

  element() {
    return this.page.locator("chapterhouse-finder");
  }

  heading() {
    return this.element().getByRole("heading", { level: 2 });
  }

  /** The chapters' links, nearest first (each chapter's heading is its link). */
  chapterLinks() {
    return this.element().getByRole("listitem").getByRole("heading", { level: 3 }).getByRole("link");
  }

  chapters() {
    return this.element().getByRole("listitem");
  }

  alert() {
    return this.element().getByRole("alert");
  }

  async setAttribute(name: string, value: string) {
    await this.element().evaluate((el, [n, v]) => el.setAttribute(n, v), [name, value] as const);
  }

  async close() {
    await this.site?.close();
    this.site = null;
  }
}
