import { expect, test } from "./fixtures";
import { E2E_ACCOUNTS, signInAs, unique } from "./support";
import { SignInPage } from "./pages/SignInPage";
import { RegisterPage } from "./pages/RegisterPage";
import { OtherSitePage } from "./pages/OtherSite";

test.describe("accounts", () => {
  test("signed-out menu shows About, Chapter Types and Sign In", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Chapter Types" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin Tools" })).toHaveCount(0);
    await expect(page.getByText(/© \d{4} Living Liberally/)).toBeVisible();
  });

  test("wrong password shows the spec's error", async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(E2E_ACCOUNTS.user.email, "wrong-password");
    await expect(page.getByText("Oops. Either your email or password is incorrect.")).toBeVisible();
  });

  // Other tests sign in through the API (signInAs); these two type into the form.
  test("sign in returns to returnUrl; menu shows Hi, name; admin sees Admin Tools; sign out goes home", async ({ page }) => {
    const admin = E2E_ACCOUNTS.admin;
    const signIn = new SignInPage(page);
    await signIn.open("/settings");
    await signIn.signIn(admin.email, admin.password);
    await expect(page.getByRole("link", { name: `Hi, ${admin.name}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Admin Tools" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("a host sees My Chapters, a plain user does not", async ({ page }) => {
    await signInAs(page, "host", "/");
    await expect(page.getByRole("link", { name: "My Chapters" })).toBeVisible();
    // Signing in through the form while someone is signed in replaces their session.
    const user = E2E_ACCOUNTS.user;
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(user.email, user.password);
    await expect(page.getByRole("link", { name: `Hi, ${user.name}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "My Chapters" })).toHaveCount(0);
  });

  test("opening sign in while signed in signs nobody out: the screen says who is signed in, and Sign Out there is a choice", async ({ page }) => {
    const user = E2E_ACCOUNTS.user;
    await signInAs(page, "user");
    const signIn = new SignInPage(page);
    await signIn.open("/settings");
    await expect(signIn.signedInNote()).toContainText(`You are signed in as ${user.name}. Signing in here signs you out of that account first.`);
    await expect(page.getByRole("link", { name: `Hi, ${user.name}!` })).toBeVisible();
    // The server agrees: a signed-in route opens without asking to sign in.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText(`Signed in as ${user.name} (${user.email}).`)).toBeVisible();

    await signIn.open("/settings");
    await signIn.signOut();
    await expect(signIn.signedInNote()).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fsettings$/);
  });

  test("links from another site to sign out or to sign in end no session", async ({ page }) => {
    const user = E2E_ACCOUNTS.user;
    await signInAs(page, "user", "/");
    const ours = new URL(page.url()).origin;
    const elsewhere = new OtherSitePage(page);
    await elsewhere.open(ours, ["/api/auth/signout"]);

    const signOutAnswer = page.waitForResponse((res) => res.url().endsWith("/api/auth/signout"));
    await elsewhere.follow("/api/auth/signout");
    const refused = await signOutAnswer;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ errorId: "cross_site_request" });

    await elsewhere.open(ours, ["/signin?returnUrl=/settings"]);
    await elsewhere.follow("/signin?returnUrl=/settings");
    await expect(new SignInPage(page).signedInNote()).toContainText(`You are signed in as ${user.name}.`);

    await page.goto("/settings");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText(`Signed in as ${user.name} (${user.email}).`)).toBeVisible();
  });

  test("signed-in routes send visitors to signin with returnUrl", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fsettings$/);
  });

  test("register: mismatched passwords submit nothing; success shows the welcome and link", async ({ page }) => {
    const register = new RegisterPage(page);
    await register.open("/about");
    const email = `new-${unique()}@e2e.test`;
    await register.fill({ name: "Newbie Person", email, password: "abcdef", confirm: "abcdeX" });
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByRole("button", { name: "Register" })).toBeDisabled();
    await page.getByLabel("Confirm Password").fill("abcdef");
    await register.submit();
    await expect(page.getByRole("heading", { name: "Success! Welcome" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Let's Get Started!" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("link", { name: "Hi, Newbie Person!" })).toBeVisible();
  });

  test("register: a password over 72 bytes is refused before anything is sent", async ({ page }) => {
    const register = new RegisterPage(page);
    await register.open();
    const long = "é".repeat(37); // 37 characters, 74 bytes
    await register.fill({ name: "Long Password", email: `long-${unique()}@e2e.test`, password: long, confirm: long });
    await expect(page.getByText("Password must be at most 72 bytes")).toBeVisible();
    await expect(page.getByRole("button", { name: "Register" })).toBeDisabled();
  });

  test("register: an email already in use is shown in a warning box", async ({ page }) => {
    const register = new RegisterPage(page);
    await register.open();
    await register.fill({ name: "Dup", email: E2E_ACCOUNTS.user.email, password: "abcdef", confirm: "abcdef" });
    await register.submit();
    await expect(page.getByText("An account with that email already exists.")).toBeVisible();
  });

  test("limits: a refused registration shows the server's error; a refused reset request says Something went wrong.", async ({ page }) => {
    const tooMany = (error: string, extra: Record<string, unknown>) => ({
      status: 429,
      headers: { "retry-after": "1800" },
      json: { ...extra, error, errorId: "rate_limited" },
    });
    await page.route("**/api/auth/signup", (route) =>
      route.fulfill(tooMany("Too many new accounts from your address. Please try again in 30 minutes.", { user: null })),
    );
    await page.route("**/api/password_reset/create", (route) =>
      route.fulfill(tooMany("Too many reset requests from your address. Please try again in 30 minutes.", { result: "too many requests" })),
    );

    const register = new RegisterPage(page);
    await register.open();
    await register.fill({ name: "Limited Person", email: `limited-${unique()}@e2e.test`, password: "abcdef", confirm: "abcdef" });
    await register.submit();
    await expect(page.getByText("Too many new accounts from your address. Please try again in 30 minutes.")).toBeVisible();

    await page.goto("/password_reset");
    await page.getByLabel("Email").fill(E2E_ACCOUNTS.user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Something went wrong.")).toBeVisible();
  });

  test("password reset: unknown email, then a real reset through the mailed link", async ({ page, request }) => {
    await page.goto("/password_reset");
    await expect(page.getByText(/one hour/)).toBeVisible();
    await page.getByLabel("Email").fill("nobody@e2e.test");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Email address not found.")).toBeVisible();

    const email = `reset-${unique()}@e2e.test`;
    await request.post("/api/auth/signup", { data: { name: "Reset Me", email, password: "first-pw" } });
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Reset email sent!")).toBeVisible();

    await page.goto("/password_verify/not-a-real-token-at-all-000000");
    await expect(page.getByText("Your token is invalid or expired.")).toBeVisible();
  });
});
