import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ACCOUNTS, type AccountName } from "./accounts";

export { E2E_ACCOUNTS };

/** React's production builds report a hydration mismatch as minified errors 418, 423 and 425. */
export const HYDRATION_ERROR = /hydrat|did not match|Minified React error #(418|423|425)/i;

/** What the page says in its console (errors and warnings) and the errors it throws from now on, each with its address. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  return problems;
}

/**
 * Signs in through the API in the page's own browser context. page.request shares the context's cookies: the
 * session and CSRF cookies the answer sets are the browser's, as after the form, and the session is checked by
 * asking who is signed in. With `returnUrl`, opens it and waits for the greeting; without, opens nothing (most
 * tests open a screen next). Typing into the sign-in form is tested in accounts.spec.ts (SignInPage).
 */
export async function signInAs(page: Page, who: AccountName, returnUrl?: string) {
  const account = E2E_ACCOUNTS[who];
  // Someone signed in already: a write with their cookie carries the CSRF token, as the app's client sends it.
  const csrf = (await page.context().cookies()).find((c) => c.name === "ch_csrf")?.value;
  const answer = await page.request.post("/api/auth/signin", {
    data: { username: account.email, password: account.password },
    headers: csrf ? { "x-csrf-token": csrf } : {},
  });
  expect(answer.status(), await answer.text()).toBe(200);
  if (returnUrl === undefined) {
    const me = await page.request.get("/api/auth/user");
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(account.email);
    return;
  }
  await page.goto(returnUrl);
  // The greeting is a link of the menu, which on a phone is folded into the Menu button.
  await expect(page.getByRole("banner")).toContainText(`Hi, ${account.name}!`);
}

/** The Authorization header of a new session of an account, for API calls a test makes around what it drives. */
export async function bearerOf(request: APIRequestContext, who: AccountName): Promise<{ authorization: string }> {
  const signin = await request.post("/api/auth/signin", {
    data: { username: E2E_ACCOUNTS[who].email, password: E2E_ACCOUNTS[who].password },
    headers: { "x-session-transport": "bearer" },
  });
  return { authorization: `Bearer ${(await signin.json()).token}` };
}

/**
 * Opens a public page the way a visitor who arrives from another screen does: rendered by the browser, with
 * what it reads asked of the API then (so a test's page.route answers apply). Starts on the sign-in screen,
 * which reads nothing from the API, and moves to the path as a router link does.
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

/** The built-in mail provider's outbox of this worker's server (e2e/fixtures.ts). */
export const outboxDir = () => path.resolve(".tmp", `e2e-${process.env.E2E_SERVER_PORT}`, "outbox");

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
