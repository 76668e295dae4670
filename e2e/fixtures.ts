import { test as base, type Page } from "@playwright/test";
import { SSR_STATE_ID } from "../server/contracts/ssr";
import { startE2eServer, type E2eServer } from "./e2eServer";

export { expect } from "@playwright/test";
export type { APIRequestContext, Browser, Page, Request } from "@playwright/test";

/**
 * Makes the page's goto() wait until the page answers clicks: a public page arrives rendered by the server and
 * is usable once the browser has hydrated it (ui/components/ServerAddressGate.tsx marks <html data-ready>).
 * Pages of the test fixture get it; call it on pages a test opens itself.
 */
export function waitForHydrationOnGoto(page: Page, javaScriptEnabled = true): Page {
  if (!javaScriptEnabled) pagesWithoutScripts.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
    const serverRendered = html && javaScriptEnabled && (await response!.text()).includes(`id="${SSR_STATE_ID}"`);
    if (serverRendered) await page.locator("html[data-ready=true]").waitFor({ state: "attached" });
    return response;
  };
  return page;
}

/** Pages of a context with JavaScript off: nothing on them ever hydrates. */
const pagesWithoutScripts = new WeakSet<Page>();

/**
 * Waits until the page in view is hydrated (its islands or the app run), for a step that follows a page load
 * which was not a goto (a form's submit, a plain link). A page with JavaScript off is the server's HTML at once.
 */
export async function untilHydrated(page: Page) {
  if (pagesWithoutScripts.has(page)) return;
  await page.locator("html[data-ready=true]").waitFor({ state: "attached" });
}

/** The first port of the run; each worker's server takes the next free one after it (E2E_PORT + 1 + its index). */
const basePort = Number(process.env.E2E_PORT ?? 3100);

/**
 * Playwright's test with such a page, against a server of this worker's own (its port, data folder and database,
 * of the kind the project names: sqlite or postgres), so that workers run side by side without sharing data. Every
 * spec imports test and expect from here.
 */
export const test = base.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startE2eServer(basePort + 1 + workerInfo.parallelIndex, workerInfo.project.name === "postgres" ? "postgres" : "sqlite");
      process.env.E2E_SERVER_PORT = String(server.port);
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.url),
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitForHydrationOnGoto(page, javaScriptEnabled !== false));
  },
});
