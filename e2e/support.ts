import { expect, type Page } from "@playwright/test";
import { E2E_ACCOUNTS, type AccountName } from "./accounts";
import { SignInPage } from "./pages/SignInPage";

export { E2E_ACCOUNTS };

/** Signs in through the real sign-in screen and waits for the greeting. */
export async function signInAs(page: Page, who: AccountName, returnUrl?: string) {
  const account = E2E_ACCOUNTS[who];
  const signIn = new SignInPage(page);
  await signIn.open(returnUrl);
  await signIn.signIn(account.email, account.password);
  await expect(page.getByRole("link", { name: `Hi, ${account.name}!` })).toBeVisible();
}

/**
 * Opens a public page the way a visitor who arrives from another screen does: rendered by the browser, with
 * what it reads asked of the API then (so a test's page.route answers apply). Starts on the sign-in screen,
 * which the server does not render, and moves to the path as a router link does.
 */
export async function browserRendered(page: Page, path: string) {
  await page.goto("/signin");
  // The app has mounted, shows the sign-in screen and its router listens (the effect that marks <html data-ready>
  // runs after the router's own). A history entry announced before then left the router on the sign-in screen.
  const signInHeading = page.getByRole("heading", { level: 1, name: "Sign In" });
  await expect(signInHeading).toBeVisible();
  await page.locator("html[data-ready=true]").waitFor({ state: "attached" });
  // What a router link does: a new history entry, announced to the router.
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(signInHeading).toHaveCount(0);
}

/** A promise and the function that settles it, for holding one request until another has happened. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A unique suffix so tests that create records never collide. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Fails the test if the page asks anything of a host other than our server: the public site must work
 * with no network and no Google key. Call at the start of a test; check `offsite` at its end.
 */
export async function blockOffsite(page: Page): Promise<string[]> {
  const offsite: string[] = [];
  await page.route(
    (url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1" && url.protocol !== "data:" && url.protocol !== "blob:",
    (route) => {
      offsite.push(route.request().url());
      return route.abort();
    },
  );
  return offsite;
}
