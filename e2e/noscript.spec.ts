import { expect, test } from "./fixtures";
import { ChapterPage } from "./pages/ChapterPage";
import { HomePage } from "./pages/HomePage";
import { SignInPage } from "./pages/SignInPage";
import { RegisterPage } from "./pages/RegisterPage";
import { PasswordResetPage } from "./pages/PasswordResetPage";
import { StartChapterPage } from "./pages/StartChapterPage";
import { E2E_ACCOUNTS } from "./accounts";
import { unique } from "./support";

/** What a visitor with JavaScript off (or a crawler) reads: the pages the server renders. */
test.describe("public pages with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a chapter page shows its title, about text, next events, posts, contact, signup form and calendar links", async ({ page }) => {
    const res = await page.goto("/chapter/co/denver");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("Denver Drinking Liberally | Living Liberally");
    await expect(page.getByRole("heading", { level: 1, name: "Denver" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Next Event" })).toBeVisible();
    await expect(page.getByText("Wynkoop Brewing").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "From the Chapter" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Contact" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Join the Denver mailing list" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribe" })).toHaveAttribute("href", /\/api\/chapter_calendar\/denver\/events\.ics$/);
    await expect(page.getByRole("link", { name: "Download .ics" })).toBeVisible();
    // Styled on first paint: Chakra's styles come with the markup.
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveCSS("font-size", "16px");
  });

  test("the home and state pages list chapters", async ({ page }) => {
    await page.goto("/chapters/co");
    await expect(page.getByRole("heading", { level: 1, name: "Colorado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Denver" })).toHaveAttribute("href", "/chapter/co/denver");
    await page.goto("/");
    await expect(page).toHaveTitle("Living Liberally: find a chapter near you");
    await expect(page.getByRole("link", { name: "Start One" })).toBeVisible();
  });

  test("the place search is a plain form: the server answers with the nearest chapters", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.searchPlace("78704", "button");
    // The form sends its type (empty: every type), and the page opens at the answer.
    await expect(page).toHaveURL(/\/\?place=78704&type=#find-results$/);
    await expect(home.nearest().getByRole("heading", { name: "Nearest chapters to Austin, TX 78704" })).toBeVisible();
    await expect(home.nearestLinks().first()).toHaveAttribute("href", /^\/chapter\/tx\//);
  });

  test("the place search takes what people type and a chapter type; the next Tab goes on from the answer", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.searchPlace("drinking liberally near Austin, TX 78704", "button", "Drinking Liberally");
    await expect(page).toHaveURL(/\/\?place=drinking\+liberally\+near\+Austin%2C\+TX\+78704&type=drinking#find-results$/);
    await expect(home.resultsHeading()).toHaveText("Nearest Drinking Liberally chapters to Austin, TX 78704");
    await expect(home.nearestLinks()).not.toHaveCount(0);
    await expect(home.nearestLinks().filter({ hasNotText: "Drinking Liberally" })).toHaveCount(0);
    await expect(home.typeChoice()).toHaveValue("drinking");
    await page.keyboard.press("Tab");
    await expect(home.nearestLinks().first()).toBeFocused();

    await home.searchPlace("Nowhere Qq", "button");
    await expect(home.placeNotFound()).toHaveText('We could not find that place on the map. Try a ZIP code or "City, ST".');
    await expect(home.searchBox()).toHaveValue("Nowhere Qq");
    await expect(home.typeChoice()).toHaveValue("drinking");
  });

  test("the mailing-list signup works as a plain form post, with the same answers", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("co", "denver");
    await chapter.signup.signUp("a@b");
    await expect(page).toHaveURL(/\/chapter\/co\/denver#join$/);
    await expect(chapter.signup.error("Email is not a valid email address")).toBeVisible();
    await chapter.signup.tryAgain().click();
    await chapter.signup.signUp(`no-script-${Date.now()}@example.org`);
    await expect(chapter.signup.success()).toBeVisible();
  });

  test("the state chooser has a Go button that goes to the state's page", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.chooseState("Colorado");
    await home.goButton().click();
    await expect(page).toHaveURL(/\/chapters\/co$/);
    await expect(page.getByRole("heading", { level: 1, name: "Colorado" })).toBeVisible();
  });

  test("Load More is a link to the page with the next page of posts", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await expect(home.blogPosts()).toHaveCount(5);
    await home.loadMoreLink().click();
    await expect(page).toHaveURL(/\/\?page=2#news-2$/);
    await expect(home.blogPosts()).toHaveCount(6);
    await expect(home.blogPosts().nth(5)).toBeInViewport();
    await expect(home.loadMoreLink()).toHaveCount(0);
  });

  test("sign in: the server renders /signin, a wrong password comes back with its message, the right one signs in", async ({ page }) => {
    const { user } = E2E_ACCOUNTS;
    const signIn = new SignInPage(page);
    const res = await page.goto("/signin?returnUrl=%2Fchapters%2Fco");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("Sign In | Living Liberally");
    await signIn.signIn(user.email, "not-the-password");
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fchapters%2Fco$/);
    await expect(signIn.error()).toHaveText("Oops. Either your email or password is incorrect.");
    await expect(signIn.email()).toHaveValue(user.email);
    await signIn.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/chapters\/co$/);
    await expect(page.getByRole("link", { name: `Hi, ${user.name}!` })).toBeVisible();
  });

  test("register: the server renders the form, a refusal comes back with its message and what was typed, then the account is made", async ({ page }) => {
    const register = new RegisterPage(page);
    const email = `no-script-${unique()}@e2e.test`;
    await register.open("/chapters/co");
    await register.fill({ name: "Nora Noscript", email, password: "no-script-pw", confirm: "no-script-pX" });
    await register.submit();
    await expect(page).toHaveURL(/\/register_for_account\?returnUrl=%2Fchapters%2Fco$/);
    await expect(register.warning()).toHaveText("Passwords do not match");
    await expect(register.field("Full Name")).toHaveValue("Nora Noscript");
    await expect(register.field("Email")).toHaveValue(email);
    await register.fill({ name: "Nora Noscript", email, password: "no-script-pw", confirm: "no-script-pw" });
    await register.submit();
    await expect(register.welcome()).toBeVisible();
    await expect(register.startedLink()).toHaveAttribute("href", "/chapters/co");
    await expect(page.getByRole("link", { name: "Hi, Nora Noscript!" }).first()).toBeAttached();
  });

  test("password reset: the request answers as the screen does, and the mailed link's form sets the new password", async ({ page, request }) => {
    const reset = new PasswordResetPage(page);
    await reset.open();
    await reset.request("nobody@e2e.test");
    await expect(page).toHaveURL(/\/password_reset$/);
    await expect(reset.outcome()).toHaveText("Email address not found.");
    await expect(reset.email()).toHaveValue("nobody@e2e.test");

    const email = `reset-no-script-${unique()}@e2e.test`;
    expect((await request.post("/api/auth/signup", { data: { name: "Reset Noscript", email, password: "first-pw" } })).status()).toBe(201);
    await reset.request(email);
    await expect(reset.outcome()).toHaveText("Reset email sent!");
    await expect.poll(() => PasswordResetPage.linkMailedTo(email)).toMatch(/^\/password_verify\//);
    const link = (await PasswordResetPage.linkMailedTo(email))!;

    await reset.openLink(link);
    await reset.setNewPassword("second-pw", "second-pX");
    await expect(reset.newPasswordError()).toHaveText("Passwords do not match");
    await reset.setNewPassword("second-pw");
    await expect(reset.done()).toBeVisible();
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(email, "second-pw");
    await expect(page.getByRole("link", { name: "Hi, Reset Noscript!" }).first()).toBeAttached();
  });

  test("start a chapter: the account step and the application post, each refusal shown with what was typed", async ({ page }) => {
    const start = new StartChapterPage(page);
    await start.open();
    await start.createAccount({ name: "Taken Person", email: E2E_ACCOUNTS.user.email, password: "taken-pass" });
    await expect(page).toHaveURL(/\/start_chapter$/);
    await expect(start.warning()).toHaveText("An account with that email already exists.");
    await expect(start.field("Full Name")).toHaveValue("Taken Person");

    const name = `Applicant ${unique()}`;
    await start.createAccount({ name, email: `apply-no-script-${unique()}@e2e.test`, password: "apply-pass" });
    await start.fillApplication({ city: "Boise", state: "Idaho", type: "dining", reason: "" });
    await start.applyButton().click();
    await expect(start.warning()).toHaveText("Reason is Required");
    await expect(start.field("City")).toHaveValue("Boise");
    await expect(start.field("State")).toHaveValue("id");
    await expect(page.getByRole("radio", { name: "dining" })).toBeChecked();
    await start.field("Why do you want to start a chapter?").fill("Boise deserves a table of its own.");
    await start.applyButton().click();
    await expect(start.success()).toContainText("Great!");
  });

  test("the map's place says the map needs JavaScript, and the chapters are listed", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await expect(home.mapUnavailable()).toHaveText("The map needs JavaScript, which is off in this browser.");
    await expect(home.mapLoading()).toBeHidden();
    await home.openChapterList();
    await expect(home.chapterList().getByRole("link", { name: "Denver" })).toHaveAttribute("href", "/chapter/co/denver");
  });
});
