import { expect, test } from "./fixtures";
import { ChapterPage } from "./pages/ChapterPage";
import { HomePage } from "./pages/HomePage";
import { SignInPage } from "./pages/SignInPage";
import { E2E_ACCOUNTS } from "./accounts";

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
    await expect(page).toHaveURL(/\/\?place=78704$/);
    await expect(home.nearest().getByRole("heading", { name: "Nearest chapters to Austin, TX 78704" })).toBeVisible();
    await expect(home.nearestLinks().first()).toHaveAttribute("href", /^\/chapter\/tx\//);
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

  test("the map's place says the map needs JavaScript, and the chapters are listed", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await expect(home.mapUnavailable()).toHaveText("The map needs JavaScript, which is off in this browser.");
    await expect(home.mapLoading()).toBeHidden();
    await home.openChapterList();
    await expect(home.chapterList().getByRole("link", { name: "Denver" })).toHaveAttribute("href", "/chapter/co/denver");
  });
});
