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

test("the server's styles stay in the head and the browser reuses them: none in the body, none inserted twice", async ({ page }) => {
  const response = await page.goto("/chapters/ny");
  const html = await response!.text();
  // Global styles one element each, then the classes the markup names, all in one.
  const elements = [...html.slice(0, html.indexOf("</head>")).matchAll(/<style data-emotion="css ([^"]*)">/g)].map((m) => m[1].split(" "));
  const classes = elements.at(-1)!;
  expect(classes.length).toBeGreaterThan(10);
  await expect(page.locator("html[data-ready=true]")).toBeAttached();
  const after = await page.evaluate(() => ({
    inBody: document.body.querySelectorAll("style").length,
    headIds: [...document.head.querySelectorAll('style[data-emotion^="css "]')].flatMap((s) => s.getAttribute("data-emotion")!.split(" ").slice(1)),
    // Rules Emotion inserted in the browser (its own sheet): a class the server already styled is not among them.
    inserted: [...document.head.querySelectorAll('style[data-emotion="css"]')].flatMap((s) =>
      [...(s as HTMLStyleElement).sheet!.cssRules].map((r) => r.cssText),
    ),
  }));
  expect(after.inBody).toBe(0);
  expect(after.headIds).toEqual(expect.arrayContaining(classes));
  expect(after.inserted.filter((rule) => classes.some((id) => rule.startsWith(`.css-${id}`)))).toEqual([]);
});
