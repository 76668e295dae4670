import { expect, test } from "./fixtures";
import { PUBLIC_SCREENS } from "./pages/PublicScreens";

/** React's production builds report a hydration mismatch as minified errors 418, 423 and 425. */
const HYDRATION_ERROR = /hydrat|did not match|Minified React error #(418|423|425)/i;

test("every server-rendered public page hydrates without a warning in the console", { tag: "@look" }, async ({ page }) => {
  // A few seconds a page: the test's time grows with the list.
  test.setTimeout(10_000 * PUBLIC_SCREENS.length);
  const messages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") messages.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => messages.push(`${page.url()}: ${e.message}`));
  for (const path of PUBLIC_SCREENS) {
    // The fixture's goto waits until the page is hydrated (html[data-ready]).
    await page.goto(path);
    await expect(page.locator("html[data-ready=true]")).toBeAttached();
  }
  expect(messages.filter((m) => HYDRATION_ERROR.test(m))).toEqual([]);
});
