import { expect, test, type Page } from "./fixtures";
import { E2E_ACCOUNTS, signInAs } from "./support";
import { CHAPTER_ADMIN_SECTIONS, SITE_ADMIN_SCREENS } from "./pages/AdminScreens";
import { ChapterAdminPage } from "./pages/ChapterAdminPage";
import { colorModeToggle, ScreenSweep } from "./pages/ScreenSweep";
import { PUBLIC_SCREENS } from "./pages/PublicScreens";

/**
 * The look: every screen, at 1280 and 390 px, in light and dark mode, has no serious or critical axe violation
 * (the public pages on a phone none at all, with the device's light or dark setting),
 * and no admin screen scrolls sideways on a phone. The dark mode toggle persists and server-rendered pages
 * hydrate without a mismatch.
 */

const SIGNED_OUT_ACCOUNT_SCREENS = ["/signin", "/register_for_account", "/password_reset"];
const SIGNED_IN_ACCOUNT_SCREENS = ["/settings", "/my_chapters", "/my_chapter_host_applications"];

// These tests only read, each in a browser context of its own, so they may run side by side: on two workers
// (`npx playwright test e2e/theme.spec.ts --workers=2`) the sweep is over sooner. The whole run keeps one worker
// (playwright.config.ts): beside the other specs, on the same server, the sweep would read what their flows are
// changing (a chapter renamed or hidden for a moment, the Dashboard's live activity).
test.describe.configure({ mode: "parallel" });

test.describe("every screen reads well in light and dark mode, on a desktop and a phone", { tag: "@look" }, () => {
  test.describe.configure({ timeout: 300_000 });

  // On a phone, the public pages are checked for violations of any impact in both modes, below.
  test("public pages", async ({ page }) => {
    expect(await new ScreenSweep(page).check(PUBLIC_SCREENS, { widths: ["desktop"] })).toEqual([]);
  });

  test("account screens, signed out and signed in", async ({ page }) => {
    const sweep = new ScreenSweep(page);
    await sweep.check(SIGNED_OUT_ACCOUNT_SCREENS);
    await signInAs(page, "host");
    expect(await sweep.check(SIGNED_IN_ACCOUNT_SCREENS)).toEqual([]);
  });

  // The two largest sweeps, a test per mode, so the workers share them.
  for (const mode of ["light", "dark"] as const) {
    test(`chapter admin: every section, none wider than a phone (${mode})`, async ({ page }) => {
      await signInAs(page, "admin");
      const admin = new ChapterAdminPage(page, "ny", E2E_ACCOUNTS.host.chapterSlug);
      const paths = CHAPTER_ADMIN_SECTIONS.map((s) => (s ? `${admin.basePath}/${s}` : admin.basePath));
      expect(await new ScreenSweep(page).check(paths, { modes: [mode], noSideways: true })).toEqual([]);
    });

    test(`site admin: every screen, none wider than a phone (${mode})`, async ({ page }) => {
      await signInAs(page, "admin");
      expect(await new ScreenSweep(page).check(SITE_ADMIN_SCREENS, { modes: [mode], noSideways: true })).toEqual([]);
    });
  }
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`public pages on a phone set to ${scheme}`, { tag: "@look" }, () => {
    test.use({ colorScheme: scheme });
    // A few seconds a page (axe reads the whole page): the time grows with the list.
    test.describe.configure({ timeout: 15_000 * PUBLIC_SCREENS.length });

    test("axe finds no violation of any impact, with no mode chosen on the site", async ({ page }) => {
      // A few seconds a page: the test's time grows with the list.
      test.setTimeout(10_000 * PUBLIC_SCREENS.length);
      expect(await new ScreenSweep(page).checkAsTheDeviceShows(PUBLIC_SCREENS)).toEqual([]);
    });
  });
}

test.describe("dark mode", { tag: "@look" }, () => {
  test("the header's toggle switches modes, the choice outlives a reload, and server-rendered pages hydrate without a mismatch", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto("/chapters/tx");
    const html = page.locator("html");
    // No choice yet: no class, and the device (light here) decides.
    await expect(html).not.toHaveClass(/light|dark/);
    await expect(colorModeToggle(page)).toHaveAttribute("aria-pressed", "false");
    const lightBg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

    await colorModeToggle(page).click();
    await expect(html).toHaveClass("dark");
    await expect(colorModeToggle(page)).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(lightBg);

    // The server sends the next pages dark: the public page it renders and an admin screen the browser renders.
    await page.reload();
    await expect(html).toHaveClass("dark");
    await expect(colorModeToggle(page)).toHaveAttribute("aria-pressed", "true");
    await page.goto("/signin");
    await expect(html).toHaveClass("dark");

    await colorModeToggle(page).click();
    await expect(html).toHaveClass("light");
    await page.goto("/");
    await expect(html).toHaveClass("light");
    expect(errors.filter((e) => /hydrat|did not match|Minified React error #418|#423/i.test(e))).toEqual([]);
  });

  test.describe("on a device set to dark", () => {
    test.use({ colorScheme: "dark" });

    test("pages are dark from the first paint with no script, until the toggle chooses light, which is kept", async ({ browser, page, baseURL }) => {
      const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, colorScheme: "dark" });
      const plain = await noScript.newPage();
      // The page's background with dark mode chosen (the class on <html>), to compare with.
      const chosen = await browser.newContext({ baseURL, javaScriptEnabled: false, colorScheme: "light" });
      const darkPage = await chosen.newPage();
      await darkPage.goto("/");
      await new ScreenSweep(darkPage).useMode("dark");
      await darkPage.goto("/");
      await expect(darkPage.locator("html")).toHaveClass("dark");
      const darkBg = await pageBackground(darkPage);
      await chosen.close();
      for (const path of ["/", "/chapters/tx", "/chapter/tx/austin"]) {
        await plain.goto(path);
        await expect(plain.locator("html")).not.toHaveClass(/light|dark/);
        expect(await pageBackground(plain), path).toBe(darkBg);
        // The toggle's icon says what pressing it does: the sun, to go light.
        await expect(colorModeToggle(plain).locator("svg").first()).toBeHidden();
        await expect(colorModeToggle(plain).locator("svg").nth(1)).toBeVisible();
      }
      await noScript.close();

      await page.goto("/chapters/tx");
      expect(await pageBackground(page)).toBe(darkBg);
      await expect(colorModeToggle(page)).toHaveAttribute("aria-pressed", "true");
      await colorModeToggle(page).click();
      await expect(page.locator("html")).toHaveClass("light");
      await expect(colorModeToggle(page)).toHaveAttribute("aria-pressed", "false");
      expect(await pageBackground(page)).not.toBe(darkBg);
      await page.reload();
      await expect(page.locator("html")).toHaveClass("light");
      expect(await pageBackground(page)).not.toBe(darkBg);
    });
  });
});

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
