import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";

/** The origin of a site that is not ours; the browser gets its pages from the test, never from the network. */
const OTHER_SITE = "http://elsewhere.example";

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

/**
 * A real site of another origin: 127.0.0.1 on a port of its own, serving one HTML page, for what our files do when
 * another site's page loads them (cross-origin requests, CORS), as the browser's own network does them.
 */
export class OtherSiteServer {
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Serves `body` (inside a plain page) at every path of a new origin on 127.0.0.1. */
  static async start(body: string): Promise<OtherSiteServer> {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title></head><body>${body}</body></html>`;
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return new OtherSiteServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
