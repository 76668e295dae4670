import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { STARTUP_BUDGET_GZIP, islandsOf, startupBundle } from "../scripts/startupBundle";

/**
 * The public start-up JavaScript of the build the browser tests run (e2e/globalSetup.ts builds it): what a phone
 * fetches and runs to start a public page (docs/decisions/098-islands.md), from the pages as served.
 */
test.describe("the public start-up JavaScript", { tag: "@look" }, () => {
  const dist = path.resolve("dist", "ui");

  for (const pagePath of ["/", "/chapters/tx", "/chapter/tx/austin"]) {
    test(`of ${pagePath} stays within its budget, gzipped: its islands, without the app`, async ({ request }) => {
      const html = await (await request.get(pagePath)).text();
      const islands = islandsOf(html);
      expect(islands).toContain("colorMode");
      const bundle = startupBundle(dist, islands);
      expect(bundle.files.some((f) => /^assets\/entry-[\w-]+\.js$/.test(f))).toBe(true);
      expect(bundle.gzipBytes).toBeGreaterThan(50 * 1024);
      expect(bundle.gzipBytes).toBeLessThanOrEqual(STARTUP_BUDGET_GZIP);
      // The page names the islands' entry, not the app's; it preloads nothing, so it paints before any script.
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/entry-[\w-]+\.js"><\/script>/);
      expect(html).not.toContain('rel="modulepreload"');
      // Loaded when a visitor goes further, or lazily: the router, the app's screens, the map's drawing, the toasts.
      for (const f of bundle.files) expect(fs.readFileSync(path.join(dist, f), "utf8")).not.toContain("__reactRouterVersion");
      for (const name of ["App", "AdminLayout", "ChapterAdminLayout", "OfflineMap", "ToastList"]) {
        expect(bundle.files.filter((f) => f.includes(`/${name}-`))).toEqual([]);
      }
    });
  }

  test("of a page whose only islands are the header's (/about) is the islands' entry alone, without React", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    expect(islandsOf(html)).toEqual(["colorMode", "phoneMenu"]);
    const bundle = startupBundle(dist, islandsOf(html));
    expect(bundle.files).toEqual([expect.stringMatching(/^assets\/entry-[\w-]+\.js$/)]);
    expect(bundle.gzipBytes).toBeLessThan(10 * 1024);
    expect(fs.readFileSync(path.join(dist, bundle.files[0]), "utf8")).not.toMatch(/Symbol\.for\(.react\./);
  });

  test("index.html, which starts the app on other pages, preloads nothing either", () => {
    const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(html).not.toContain('rel="modulepreload"');
  });
});

/** A page the server rendered is complete as HTML and CSS: its styles are in <head>, and no script is needed to see them. */
test.describe("a public page with JavaScript blocked", { tag: "@look" }, () => {
  test.use({ javaScriptEnabled: false });

  test("is styled by the CSS in its head", async ({ page }) => {
    await page.goto("/chapter/tx/austin");
    const heading = page.getByRole("heading", { level: 1, name: "Austin" });
    await expect(heading).toBeVisible();
    await expect(heading).not.toHaveCSS("font-size", "16px");
    await expect(page.locator("header").first()).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    const styles = await page.evaluate(() => {
      const inHead = [...document.styleSheets].filter((s) => s.ownerNode instanceof HTMLStyleElement && s.ownerNode.parentElement === document.head);
      const classes = [...document.querySelector("h1")!.classList];
      // The h1's own rules, wherever they sit in the head's sheets (Chakra puts them in cascade layers).
      const rules: string[] = [];
      const walk = (list: CSSRuleList) => {
        for (const rule of list) {
          if (rule instanceof CSSStyleRule && classes.some((c) => rule.selectorText.includes(`.${c}`))) rules.push(rule.cssText);
          if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of inHead) walk(sheet.cssRules);
      return { head: inHead.length, body: document.body.querySelectorAll("style").length, h1Rules: rules };
    });
    expect(styles.head).toBeGreaterThan(0);
    expect(styles.body).toBe(0);
    expect(styles.h1Rules.some((r) => /font-size/.test(r))).toBe(true);
  });
});
