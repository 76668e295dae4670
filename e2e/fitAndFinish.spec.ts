import { expect, test } from "./fixtures";
import { deferred, E2E_ACCOUNTS, signInAs, unique } from "./support";
import { AdminScreen } from "./pages/AdminScreens";
import { ChapterAdminPage } from "./pages/ChapterAdminPage";
import { ChapterPage } from "./pages/ChapterPage";
import { ConfirmDialog } from "./pages/ConfirmDialog";
import { EmailAdminPage } from "./pages/EmailAdminPage";
import { EventsAdminPage } from "./pages/EventsAdminPage";
import { HomePage } from "./pages/HomePage";
import { MailingListWidget } from "./pages/MailingListWidget";
import { RegisterPage } from "./pages/RegisterPage";
import { SignInPage } from "./pages/SignInPage";
import { SiteHeader } from "./pages/SiteHeader";
import { AddChapterPage } from "./pages/siteAdmin/AddChapterPage";
import { axe } from "./pages/axe";

/** What a new user trips over: each defect of the fit-and-finish review, walked in the browser. */

const PHONE = { width: 390, height: 844 };
/** "Nov 23, 2026": the one way records' dates are written. */
const MEDIUM_DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

test.describe("signing out on the sign-in screen as it opens", () => {
  test("stays signed out even when 'who am I' is answered after the sign-out; admin screens load after signing in again", async ({ page }) => {
    await signInAs(page, "admin", "/");
    // The race of the defect, made certain: "who am I" reaches the server while the session is alive and its
    // answer ("still signed in") arrives only once the page shows the sign-out. Until it arrives the screen
    // shows the user kept in local storage, with the note's Sign Out.
    const nav = page.getByRole("navigation", { name: "Main" });
    const whoAmIFetched = deferred();
    const signOutAnswered = deferred();
    const staleAnswerGiven = deferred();
    page.on("requestfinished", (request) => {
      if (request.url().endsWith("/api/auth/signout")) signOutAnswered.resolve();
    });
    await page.route("**/api/auth/user", async (route) => {
      const stale = await route.fetch();
      whoAmIFetched.resolve();
      await signOutAnswered.promise;
      await nav.getByRole("link", { name: "Sign In" }).waitFor();
      // The app may have dropped the request by now; then there is nobody to answer.
      await route.fulfill({ response: stale }).catch(() => {});
      staleAnswerGiven.resolve();
    });
    // The sign-in screen as the app draws it after a screen the server does not render (the server renders /signin
    // with the user it knows, and the page then asks no "who am I"): the screen asks, and shows the stored user.
    const signIn = new SignInPage(page);
    await page.goto("/settings");
    await page.evaluate(() => {
      window.history.pushState({}, "", "/signin");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await whoAmIFetched.promise;
    await signIn.signOut();
    await staleAnswerGiven.promise;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin Tools" })).toHaveCount(0);
    // The app must know nobody is signed in: an admin screen sends it back to sign in, not to a failed load.
    await page.evaluate(() => {
      window.history.pushState({}, "", "/admin/users");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fadmin%2Fusers$/);
    await page.unrouteAll();

    await signIn.signIn(E2E_ACCOUNTS.admin.email, E2E_ACCOUNTS.admin.password);
    await expect(nav.getByRole("link", { name: `Hi, ${E2E_ACCOUNTS.admin.name}!` })).toBeVisible();
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Users" }).first()).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  });
});

test.describe("destructive actions ask first", () => {
  test("deleting an event opens a dialog; Cancel keeps the event, Delete Event removes it", async ({ page }) => {
    await signInAs(page, "host");
    const events = new EventsAdminPage(page, "/chapter/ny/nyc");
    await events.open();
    const name = `Quiz night ${unique()}`;
    await events.openAdd();
    await events.fill({ name, address1: "627 9th Ave", city: "New York" });
    await events.save();
    await expect(page).toHaveURL(events.listUrl);
    await events.openEdit(name);

    await events.askToDelete();
    const dialog = events.deleteConfirmation();
    await dialog.expectOpen(`Delete "${name}"?`);
    await expect(dialog.root().getByRole("button", { name: "Cancel" })).toBeFocused();
    const audit = await axe(page).include("[role=alertdialog]").analyze();
    expect(audit.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog.root()).toHaveCount(0);
    await events.askToDelete();
    await dialog.cancel();
    await expect(page.getByRole("heading", { name: "Edit Event" })).toBeVisible();

    await events.deleteEvent();
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.item(name)).toHaveCount(0);
  });

  test("removing the last Chapter Host of a chapter says so; Cancel keeps them", async ({ page }) => {
    await signInAs(page, "admin");
    const admin = new ChapterAdminPage(page, "ak", "anchorage");
    await admin.open("hosts");
    const add = admin.card("Add Chapter Host or Field Organizer");
    await add.getByLabel("Search by name or email").fill("Pat Pla");
    await add.getByRole("listitem").filter({ hasText: E2E_ACCOUNTS.user.name }).getByRole("button", { name: "Make Chapter Host" }).click();
    const hosts = admin.card("Chapter Hosts");
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.user.name })).toBeVisible();

    const remove = hosts.getByRole("button", { name: `Remove ${E2E_ACCOUNTS.user.name} as Chapter Host` });
    await remove.click();
    const dialog = new ConfirmDialog(page, "Remove Chapter Host");
    await dialog.expectOpen(`${E2E_ACCOUNTS.user.name} is its last Chapter Host: Anchorage will have no host.`);
    await dialog.cancel();
    await expect(hosts.getByRole("link", { name: E2E_ACCOUNTS.user.name })).toBeVisible();

    await remove.click();
    await dialog.confirm("Remove");
    await expect(hosts).toContainText("None");
  });
});

test.describe("links look like links", { tag: "@look" }, () => {
  test("sign-in, register and admin links are underlined and not the colour of the text", async ({ page }) => {
    await page.goto("/signin");
    const body = await page.locator("main").evaluate((el) => getComputedStyle(el).color);
    for (const name of ["Forgot your password?", "No account yet? Register"]) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveCSS("text-decoration-line", "underline");
      expect(await link.evaluate((el) => getComputedStyle(el).color)).not.toBe(body);
    }
    await signInAs(page, "host");
    await new ChapterAdminPage(page).open("members");
    await expect(page.getByRole("link", { name: "Add Members" })).toHaveCSS("text-decoration-line", "underline");
  });
});

test.describe("the header on a phone (390 px)", { tag: "@look" }, () => {
  test.use({ viewport: PHONE });

  test("signed in, it is one row; the menu's links are behind Menu, which closes when one is followed or on Escape", async ({ page }) => {
    await signInAs(page, "admin", "/");
    const header = new SiteHeader(page);
    // One row: the site's name, dark mode and Menu (it was two rows, 146 px, with the links wrapping).
    expect(await header.height()).toBeLessThan(70);
    await expect(header.link("Admin Tools")).toBeHidden();
    await header.menuButton().click();
    await expect(header.link(`Hi, ${E2E_ACCOUNTS.admin.name}!`)).toBeVisible();
    await expect(header.link("About")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(header.link("About")).toBeHidden();
    await header.menuButton().click();
    await header.link("Admin Tools").click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(header.link("Admin Tools")).toBeHidden();
    expect(await header.height()).toBeLessThan(70);
  });
});

test.describe("admin areas on a phone (390 px)", { tag: "@look" }, () => {
  test.use({ viewport: PHONE });
  // That no admin screen scrolls sideways at this width is checked by the theme sweep (e2e/theme.spec.ts), on
  // every site admin screen and chapter admin section, in both colour modes.

  test("the site admin side menu folds into a Menu button", async ({ page }) => {
    await signInAs(page, "admin");
    const screen = new AdminScreen(page);
    await screen.open("/admin/chapter_host_applications");
    const menu = page.getByRole("navigation", { name: "Site admin" });
    await expect(menu.getByRole("link", { name: "Users" })).toBeHidden();
    await expect(screen.menuButton()).toHaveText(/Chapter Host Appos/);
    await screen.menuButton().click();
    await menu.getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(menu.getByRole("link", { name: "Chapters" })).toBeHidden();
  });

  test("the chapter admin side menu is folded: the screen comes first", async ({ page }) => {
    await signInAs(page, "admin");
    const admin = new ChapterAdminPage(page);
    await new AdminScreen(page).open(`${admin.basePath}/press_mentions/add`);
    await expect(admin.menuLink("Members")).toBeHidden();
    await new AdminScreen(page).menuButton().click();
    await expect(admin.menuLink("Members")).toBeVisible();
  });
});

test.describe("forms say why", () => {
  test("a disabled mailing-list Sign Up says why next to the field", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("co", "denver");
    await chapter.signup.email().fill("a@b");
    await expect(chapter.signup.signUpButton()).toBeDisabled();
    await expect(page.getByTestId("chapter-signup")).toContainText("Enter a whole email address, like you@example.org, to sign up.");
    await chapter.signup.email().fill("a@b.org");
    await expect(chapter.signup.signUpButton()).toBeEnabled();
    await expect(page.getByTestId("chapter-signup")).not.toContainText("Enter a whole email address");
  });

  test("Add Chapter shows a required field's message once it is left empty; International is listed last", async ({ page }) => {
    await signInAs(page, "admin");
    const add = new AddChapterPage(page);
    await add.open();
    await expect(page.getByText("Title is Required")).toHaveCount(0);
    await add.field("Title").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByText("Title is Required")).toBeVisible();
    await expect(page.getByText("City is Required")).toHaveCount(0);
    await expect(page.getByLabel("State").locator("option").last()).toHaveText("International");
  });
});

test.describe("focus and toasts", { tag: "@look" }, () => {
  test("after signing up in a map info window, focus stays in it and Escape closes it", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    await home.map.pin("Denver: Wynkoop Brewing").click();
    const info = home.map.infoWindow();
    const widget = new MailingListWidget(info);
    await widget.email().fill(`map-${unique()}@example.org`);
    await widget.email().press("Enter");
    await expect(widget.success()).toBeVisible();
    expect(await info.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(info).toHaveCount(0);
  });

  test("a toast shows below the header, not over the menu", async ({ page }) => {
    await signInAs(page, "admin");
    const add = new AddChapterPage(page);
    await add.open();
    const title = `Boise ${unique()}`;
    await add.fill({ Title: title, City: "Boise", "Postal Code": "83702", state: "id" });
    await add.save();
    const toast = page.getByTestId("toast-success").filter({ hasText: `${title} was added` });
    await expect(toast).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const header = (await page.locator("header").boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});

test.describe("email administration", () => {
  test("choosing a chapter locks the alias domain to its chapter type's", async ({ page }) => {
    await signInAs(page, "admin");
    const email = new EmailAdminPage(page);
    await email.open();
    await email.openAdd();
    const domain = email.modal().getByRole("combobox", { name: "Domain" });
    await domain.selectOption("laughingliberally.org");
    await email.chapterPicker().choose("Austin", "Austin (TX)");
    await expect(domain).toHaveValue("drinkingliberally.org");
    await expect(domain).toBeDisabled();
    await expect(page.getByTestId("alias-locked-reason")).toBeVisible();
  });

  test("with no Mailgun key, the connection test is a warning and nothing claims changes reach Mailgun", async ({ page }) => {
    await signInAs(page, "admin");
    const email = new EmailAdminPage(page);
    await email.open();
    await page.getByRole("button", { name: "Test Mailgun Connection" }).click();
    const result = page.getByTestId("alias-test-result");
    await expect(result).toContainText("MAILGUN_API_KEY is not set");
    await expect(result).toHaveAttribute("data-status", "warning");
    await expect(page.getByText("Changes are sent to Mailgun at once.")).toHaveCount(0);
    await expect(page.getByTestId("alias-delivery-note")).toContainText("No Mailgun key is set");
  });
});

test.describe("pages, register and small inconsistencies", () => {
  test("pages are served at /{slug}, the admin's View goes there, and other screens are not shadowed", async ({ page }) => {
    await page.goto("/chapter_resources");
    await expect(page.getByRole("heading", { level: 1, name: "Chapter Resources" })).toBeVisible();
    await page.goto("/signin");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.goto("/no_such_page_at_all");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await signInAs(page, "admin", "/admin/pages");
    await expect(page.getByRole("link", { name: "View Chapter Resources" })).toHaveAttribute("href", "/chapter_resources");
  });

  test("the Register success view links to sign in", async ({ page }) => {
    const register = new RegisterPage(page);
    await register.open();
    const password = "a-long-pass-1";
    await register.fill({ name: "Rita Register", email: `rita-${unique()}@example.org`, password, confirm: password });
    await register.submit();
    await expect(page.getByRole("heading", { name: "Success! Welcome" })).toBeVisible();
    await expect(page.getByRole("link", { name: "sign in", exact: true })).toHaveAttribute("href", "/signin?returnUrl=%2F");
  });

  test("dates read one way; chapter types are capitalised; new events start in the chapter's state", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await expect(home.blogPosts().first()).toContainText(MEDIUM_DATE);
    await signInAs(page, "admin");
    await page.goto("/admin/chapters");
    await expect(page.locator("[data-testid=chapter-row][data-slug=nyc]")).toContainText("Drinking");
    const events = new EventsAdminPage(page, "/chapter/ny/nyc");
    await events.open();
    await events.openAdd();
    await expect(page.getByLabel("State")).toHaveValue("ny");
  });

  test("an empty place search clears an old 'not found'; a lone chapter post has no Load More", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.searchPlace("Nowhereville Qq");
    await expect(page.getByText("We could not find that place on the map.")).toBeVisible();
    await home.searchPlace("");
    await expect(page.getByText("We could not find that place on the map.")).toHaveCount(0);

    const chapter = new ChapterPage(page);
    await chapter.open("co", "denver");
    await expect(chapter.emails().getByRole("article")).toHaveCount(1);
    await expect(
      chapter
        .emails()
        .getByRole("button", { name: "Load More" })
        .or(chapter.emails().getByRole("link", { name: "Load More" })),
    ).toHaveCount(0);
  });

  test("hosts and admins are told a chapter is hidden; visitors see it is not active", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("pa", "pittsburgh");
    await expect(page.getByText("This Chapter is not active.")).toBeVisible();
    await expect(chapter.hiddenNotice()).toHaveCount(0);
    await signInAs(page, "admin");
    await chapter.open("pa", "pittsburgh");
    await expect(chapter.hiddenNotice()).toContainText("This chapter is hidden");
  });
});
