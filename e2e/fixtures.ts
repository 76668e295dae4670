import { test as base, type Page } from "@playwright/test";
import { SSR_STATE_ID } from "../server/contracts/ssr";

export { expect } from "@playwright/test";
export type { APIRequestContext, Browser, Page, Request } from "@playwright/test";

/**
 * Makes the page's goto() wait until the page answers clicks: a public page arrives rendered by the server and
 * is usable once the browser has hydrated it (ui/components/ServerAddressGate.tsx marks <html data-ready>).
 * Pages of the test fixture get it; call it on pages a test opens itself.
 */
export function waitForHydrationOnGoto(page: Page, javaScriptEnabled = true): Page {
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

/** Playwright's test with such a page. Every spec imports test and expect from here. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitForHydrationOnGoto(page, javaScriptEnabled !== false));
  },
});
