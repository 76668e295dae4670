import { expect, test, type Page } from "./fixtures";
import { PUBLIC_SCREENS } from "./pages/PublicScreens";
import { HYDRATION_ERROR, consoleProblems, signInAs } from "./support";
import { colorModeToggle } from "./pages/ScreenSweep";
import { SiteHeader } from "./pages/SiteHeader";

/** The scripts the page has loaded so far, by address. */
const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((r) => r.name)
      .filter((n) => n.endsWith(".js")),
  );

test("every server-rendered public page hydrates without a warning in the console", { tag: "@look" }, async ({ page }) => {
  // A few seconds a page: the test's time grows with the list.
  test.setTimeout(10_000 * PUBLIC_SCREENS.length);
  const messages = consoleProblems(page);
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

test.describe("a public page an anonymous visitor opens starts by its islands", () => {
  test("only the islands run: no app, no router; the header's links load pages; the signup box works", async ({ page }) => {
    await page.goto("/chapter/tx/austin");
    await expect(page.locator("#root[data-islands]")).toBeAttached();
    const scripts = await scriptsLoaded(page);
    expect(scripts.some((s) => /\/assets\/entry-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(index|App)-[\w-]+\.js$/.test(s))).toEqual([]);
    const islands = await page.locator("[data-island]").evaluateAll((els) => els.map((e) => e.getAttribute("data-island")));
    // Each meetup the page lists has its "N going" and "I'm coming" (rsvp).
    expect(islands.filter((name) => name !== "rsvp")).toEqual(["colorMode", "colorMode", "phoneMenu", "chapterMap", "chapterSignup"]);
    expect(islands.filter((name) => name === "rsvp").length).toBeGreaterThan(0);

    const signup = page.getByTestId("chapter-signup");
    await signup.getByPlaceholder("you@example.org").fill("an.islander@example.org");
    await signup.getByRole("button", { name: "Sign Up" }).click();
    await expect(signup.getByText("Success!")).toBeVisible();
    await expect(page).toHaveURL(/\/chapter\/tx\/austin$/);

    // A link of the page is a page load: the next page comes from the server, and starts by its own islands.
    const loaded = page.waitForEvent("load");
    await page.getByRole("banner").getByRole("link", { name: "About" }).first().click();
    await loaded;
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html[data-ready=true]")).toBeAttached();
    await expect(page.locator("#root[data-islands]")).toBeAttached();
  });

  test("a page whose only islands are the header's runs no React: dark mode and the phone's menu work", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await expect(page.locator("#root[data-islands]")).toBeAttached();
    const scripts = await scriptsLoaded(page);
    expect(scripts.map((s) => s.replace(/^.*\/assets\//, "").replace(/-[\w-]+\.js$/, ""))).toEqual(["entry"]);

    const header = new SiteHeader(page);
    await header.menuButton().click();
    await expect(header.link("Sign In")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(header.link("Sign In")).toBeHidden();
    await expect(header.menuButton()).toBeFocused();
    await header.menuButton().click();
    await expect(header.link("Sign In")).toBeVisible();
    // A tap elsewhere on the page (the open menu lies over the heading).
    await page.getByRole("contentinfo").click();
    await expect(header.link("Sign In")).toBeHidden();

    const toggle = colorModeToggle(page);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  });

  test("what the visitor typed before the islands ran is kept", async ({ context }) => {
    // A page of its own, whose goto does not wait for the islands: they are held back until the visitor has typed.
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The page is there before its scripts run (the browser's load and DOMContentLoaded wait for them).
    await page.goto("/", { waitUntil: "commit" });
    await page.getByLabel("Search for a place").fill("59001");
    release();
    await expect(page.locator("html[data-ready=true]")).toBeAttached();
    await expect(page.getByLabel("Search for a place")).toHaveValue("59001");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/\?place=59001#find-results$/);
  });

  test("a signed-in visitor's public page starts the app", async ({ page }) => {
    await signInAs(page, "admin");
    await page.goto("/chapter/tx/austin");
    await expect(page.locator("#root")).not.toHaveAttribute("data-islands");
    await expect(page.getByRole("link", { name: "Admin Tools" }).first()).toBeAttached();
  });
});
