import { expect, test } from "./fixtures";
import { HYDRATION_ERROR, blockOffsite, browserRendered, consoleProblems, signInAs } from "./support";
import { HomePage } from "./pages/HomePage";
import { StatePage } from "./pages/StatePage";
import { ChapterPage } from "./pages/ChapterPage";
import { MailingListWidget } from "./pages/MailingListWidget";

let offsite: string[] = [];
test.beforeEach(async ({ page }) => {
  offsite = await blockOffsite(page);
});
test.afterEach(() => {
  expect(offsite, "requests to other hosts").toEqual([]);
});

test.describe("home", () => {
  test("hero links to /about; the offline map shows one pin per active chapter and opens its info window", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await expect(page.getByRole("link", { name: /learn about us/ })).toHaveAttribute("href", "/about");
    await home.map.waitReady();
    await expect(page.getByText("Map loading...")).toHaveCount(0);
    // 22 active demo chapters; London (International) has no spot on the US map, Pittsburgh and Dallas are inactive.
    // Each of the 21 is a pin at its place, or in a cluster with a count where pins overlap (e2e/mapPlacement.spec.ts).
    expect(await home.map.chaptersDrawn()).toBe(21);
    await expect(home.map.pin(/^Pittsburgh/)).toHaveCount(0);
    await expect(home.map.pin(/^San Juan/)).toHaveCount(1);

    await home.map.pin("Austin: Scholz Garten").click();
    const info = home.map.infoWindow();
    await expect(info.getByRole("link", { name: "Austin" })).toHaveAttribute("href", "/chapter/tx/austin");
    await expect(info.getByText("Scholz Garten")).toBeVisible();
    await expect(info.getByText("1607 San Jacinto Blvd, Austin, TX 78701")).toBeVisible();
    await expect(info.getByText("6:00 PM – 8:00 PM")).toBeVisible();
    await expect(info.getByRole("link", { name: "Directions to Scholz Garten (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=1607+San+Jacinto+Blvd%2C+Austin%2C+TX+78701",
    );
    await expect(info.getByLabel("Join the mailing list")).toBeVisible();
    const box = (await info.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(400);
    await info.getByRole("button", { name: "Close" }).click();
    await expect(info).toHaveCount(0);
  });

  test("pins that overlap are a cluster; opening it shows each at its place, one click away", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    const cluster = home.map.pinOrItsCluster("Brooklyn: Union Hall");
    await expect(cluster).toHaveAttribute("data-cluster-count", /^\d+$/);
    // Opened until New York City and Brooklyn (a few kilometres apart) stand apart.
    for (let opened = 0; (await cluster.getAttribute("data-cluster-count")) !== null && opened < 5; opened++) {
      const before = await home.map.transform();
      await cluster.click();
      await home.map.transformChanged(before);
    }
    for (const title of ["New York City: Rudy's Bar", "Brooklyn: Union Hall"]) {
      await home.map.pin(title).click();
      await expect(home.map.infoWindow()).toHaveAttribute("aria-label", title);
      await home.map.infoWindow().getByRole("button", { name: "Close" }).click();
    }
  });

  test("place search recentres the map (Enter and the Search button); zoom buttons work", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    await expect(home.map.zoomOutButton()).toBeDisabled();
    const before = await home.map.pinDistanceFromCentre("Seattle: The Pike Pub");
    await home.searchPlace("Seattle, WA");
    await expect.poll(() => home.map.pinDistanceFromCentre("Seattle: The Pike Pub")).toBeLessThan(40);
    expect(before).toBeGreaterThan(200);
    await expect(home.map.zoomOutButton()).toBeEnabled();
    await home.searchPlace("78701", "button");
    await expect.poll(() => home.map.pinDistanceFromCentre("Austin: Scholz Garten")).toBeLessThan(60);
    await home.searchPlace("Nowhereville Qq");
    await expect(page.getByText("We could not find that place on the map.")).toBeVisible();
  });

  test("a place search lists the nearest chapters with distances, is the page's address (Back works), and says when none is near", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.searchPlace("78704");
    await expect(page).toHaveURL(/\/\?place=78704#find-results$/);
    await expect(home.nearest().getByRole("heading", { name: "Nearest chapters to Austin, TX 78704" })).toBeVisible();
    await expect(home.nearestLinks().first()).toHaveText(/^Austin/);
    await expect(home.nearest().getByRole("listitem").first()).toContainText(/\d+(\.\d)? mi/);
    await expect(home.nearest().getByRole("listitem").first()).toContainText("Next meetup:");

    await home.searchPlace("59001");
    await expect(page).toHaveURL(/\/\?place=59001#find-results$/);
    await expect(home.nearest()).toContainText(/^No chapter within 50 miles of [^.]+, MT 59001\. The nearest is .+ \(\d+(\.\d)? mi away\)\./);
    const start = home.nearest().getByRole("link", { name: /^Start a chapter in / });
    await expect(start).toHaveAttribute("href", /^\/start_chapter\?city=.+&state=MT$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/\?place=78704#find-results$/);
    await expect(home.nearest().getByRole("heading", { name: "Nearest chapters to Austin, TX 78704" })).toBeVisible();
  });

  test("every spelling of a place is its page, showing the place as found; a place not found keeps what was typed and says what to type", async ({ page }) => {
    const problems = consoleProblems(page);
    const home = new HomePage(page);
    await home.openSearch(" Austin, TX 78704-0001 ");
    await expect(home.nearest().getByRole("heading", { name: "Nearest chapters to Austin, TX 78704" })).toBeVisible();
    await expect(home.searchBox()).toHaveValue("Austin, TX 78704");

    await home.searchPlace('Nowhere "Qq" <b>');
    await expect(page.getByText('We could not find that place on the map. Try a ZIP code or "City, ST".')).toBeVisible();
    await expect(home.searchBox()).toHaveValue('Nowhere "Qq" <b>');
    // The islands run on that page: a search from it goes on.
    await home.searchPlace("78704");
    await expect(page).toHaveURL(/\/\?place=78704#find-results$/);
    await expect(home.nearest().getByRole("heading", { name: "Nearest chapters to Austin, TX 78704" })).toBeVisible();
    expect(problems.filter((m) => HYDRATION_ERROR.test(m))).toEqual([]);
  });

  test("the finder takes what people type and a chapter type, and moves focus to its answer; a search's page hydrates without a mismatch", async ({ page }) => {
    const problems = consoleProblems(page);
    const home = new HomePage(page);
    // The address the finder's form sends for "Austin, TX 78704".
    await home.openAddress("/?place=Austin%2C+TX+78704");
    await expect(home.resultsHeading()).toHaveText("Nearest chapters to Austin, TX 78704");
    await expect(home.typeChoice()).toHaveValue("");
    // Every type: the nearest lists chapters of other types too.
    await expect(home.nearestLinks().filter({ hasNotText: "Drinking Liberally" })).not.toHaveCount(0);

    await home.searchPlace("drinking liberally near Austin, TX 78704");
    await expect(page).toHaveURL(/\/\?place=drinking\+liberally\+near\+Austin%2C\+TX\+78704#find-results$/);
    await expect(home.resultsHeading()).toHaveText("Nearest chapters to Austin, TX 78704");
    // Focus is on the answer, and the keyboard goes on from it.
    await expect(home.resultsHeading()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(home.nearestLinks().first()).toBeFocused();

    await home.searchPlace("78704-1234", "button", "Drinking Liberally");
    await expect(page).toHaveURL(/\/\?place=78704-1234&type=drinking#find-results$/);
    await expect(home.resultsHeading()).toHaveText("Nearest Drinking Liberally chapters to Austin, TX 78704");
    await expect(home.resultsHeading()).toBeFocused();
    await expect(home.nearestLinks()).not.toHaveCount(0);
    await expect(home.nearestLinks().filter({ hasNotText: "Drinking Liberally" })).toHaveCount(0);
    await expect(home.typeChoice()).toHaveValue("drinking");

    // A place not found: the notice says what to type, and focus is back in the box to type it.
    await home.searchPlace("Nowhere Qq", "enter", "Laughing Liberally");
    await expect(home.placeNotFound()).toHaveText('We could not find that place on the map. Try a ZIP code or "City, ST".');
    await expect(home.searchBox()).toBeFocused();
    await expect(home.searchBox()).toHaveAccessibleDescription('We could not find that place on the map. Try a ZIP code or "City, ST".');
    await expect(home.typeChoice()).toHaveValue("laughing");
    expect(problems.filter((m) => HYDRATION_ERROR.test(m))).toEqual([]);
  });

  test("a search's page hydrates without a mismatch for a signed-in visitor too", async ({ page }) => {
    const problems = consoleProblems(page);
    await signInAs(page, "user");
    const home = new HomePage(page);
    await home.openAddress("/?place=Austin%2C+TX+78704&type=laughing");
    await expect(home.resultsHeading()).toHaveText("No Laughing Liberally chapter within 50 miles of Austin, TX 78704.");
    await expect(home.typeChoice()).toHaveValue("laughing");
    await home.searchPlace("Austin Texas", "enter", "All chapter types");
    await expect(page).toHaveURL(/\/\?place=Austin\+Texas#find-results$/);
    await expect(home.resultsHeading()).toHaveText("Nearest chapters to Austin, TX");
    await expect(home.resultsHeading()).toBeFocused();
    expect(problems.filter((m) => HYDRATION_ERROR.test(m))).toEqual([]);
  });

  test("'Map loading...' shows until the outlines arrive", async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route("**/state_outlines/US.json", async (route) => {
      await gate;
      await route.continue();
    });
    // The home page the server renders comes with its outline: open it as the browser renders it.
    const home = new HomePage(page);
    await browserRendered(page, "/");
    await expect(page.getByText("Map loading...")).toBeVisible();
    release();
    await home.map.waitReady();
    await expect(page.getByText("Map loading...")).toHaveCount(0);
  });

  test("the map's chapters are also a keyboard list", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    const list = home.chapterList();
    await list.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(list.getByRole("link", { name: "London" })).toBeVisible();
    await list.getByRole("button", { name: "Show on map: Boston" }).focus();
    await page.keyboard.press("Enter");
    await expect(home.map.infoWindow()).toHaveAttribute("aria-label", "Boston: The Burren");
    await expect(home.map.infoWindow()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(home.map.infoWindow()).toHaveCount(0);
  });

  test("state dropdown, Start One, blog with Load More, press mentions with View All", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await expect(home.blogPosts()).toHaveCount(5);
    await home.loadMore().click();
    await expect(home.blogPosts()).toHaveCount(6);
    await expect(home.loadMore()).toHaveCount(0);
    await expect(page.getByRole("link", { name: "A reading list for winter" })).toHaveAttribute("href", "/blog/reading_list_for_winter");

    const press = page.getByTestId("press-mentions").locator("> li");
    await expect(press).toHaveCount(8);
    await expect(page.getByText("An unpublished draft mention")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Start One" })).toHaveAttribute("href", "/intro_start_chapter");

    await home.chooseState("Texas");
    await expect(page).toHaveURL(/\/chapters\/tx$/);
    await expect(page.getByRole("heading", { level: 1, name: "Texas" })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/press_mentions$/);
    // Every public mention: the demo's nine, plus any that other tests have added since.
    const all = (await (await page.request.get("/api/press_mention/public/all")).json()) as unknown[];
    expect(all.length).toBeGreaterThanOrEqual(9);
    await expect(page.getByTestId("press-mentions").locator("> li")).toHaveCount(all.length);
  });

  test("the front-page call-out image links to its URL, and hides when it fails to load", async ({ page }) => {
    await page.route("**/api/front_page", (route) =>
      route.fulfill({ json: { imageLinkURL: "https://example.com/rally", hasImage: true, imageUrl: "/assets/images/uploads/front_page.jpg" } }),
    );
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
    await page.route("**/assets/images/uploads/front_page.jpg", (route) => route.fulfill({ body: png, contentType: "image/png" }));
    // The home page the server renders carries the real front page: open it from a page the browser renders, so it asks.
    await browserRendered(page, "/");
    const link = page.getByTestId("front-page-image").getByRole("link");
    await expect(link).toHaveAttribute("href", "https://example.com/rally");

    await page.unroute("**/assets/images/uploads/front_page.jpg");
    await page.goto("/");
    await expect(page.getByTestId("blog-post").first()).toBeVisible();
    await expect(page.getByTestId("front-page-image")).toHaveCount(0);
  });
});

test.describe("mailing-list signup widget", () => {
  test("success, and the error path with Try again back to the form", async ({ page }) => {
    let calls: unknown[] = [];
    await page.route("**/api/mailing_list/sign_up", async (route) => {
      const body = route.request().postDataJSON();
      calls.push(body);
      const bad = String(body.email).startsWith("bad");
      await route.fulfill({ json: { return: { results: [{ isError: bad, errorString: bad ? "That address was refused." : "" }] } } });
    });
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await chapter.signup.signUp("bad@example.org");
    await expect(chapter.signup.error("That address was refused.")).toBeVisible();
    await chapter.signup.tryAgain().click();
    await expect(chapter.signup.email()).toBeVisible();
    await chapter.signup.signUp("good@example.org");
    await expect(chapter.signup.success()).toBeVisible();
    expect(calls).toEqual([
      { email: "bad@example.org", listId: expect.any(String) },
      { email: "good@example.org", listId: expect.any(String) },
    ]);
    calls = [];
  });

  test("a server failure is shown as Oops. with its message", async ({ page }) => {
    await page.route("**/api/mailing_list/sign_up", (route) =>
      route.fulfill({ status: 502, json: { error: "The list service is not answering", errorId: "service_unavailable" } }),
    );
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await chapter.signup.signUp("someone@example.org");
    await expect(chapter.signup.error("The list service is not answering")).toBeVisible();
  });

  test("too many sign-ups from one address: Oops. with the server's error string, and Try again", async ({ page }) => {
    const message = "Too many sign-ups from your address. Please try again in 60 minutes.";
    await page.route("**/api/mailing_list/sign_up", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "3600" },
        json: { error: message, errorId: "rate_limited", return: { results: [{ isError: true, errorString: message }] } },
      }),
    );
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await chapter.signup.signUp("someone@example.org");
    await expect(chapter.signup.error(message)).toBeVisible();
    await expect(chapter.signup.tryAgain()).toBeVisible();
  });

  test("is prefilled with the signed-in user's email, also in a pin's info window", async ({ page }) => {
    await signInAs(page, "user");
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    await home.map.pin("Denver: Wynkoop Brewing").click();
    const widget = new MailingListWidget(home.map.infoWindow());
    await expect(widget.email()).toHaveValue("plain@e2e.test");
  });

  test("signs up through the real API", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("co", "denver");
    await chapter.signup.signUp(`e2e-${Date.now()}@example.org`);
    await expect(chapter.signup.success()).toBeVisible();
  });
});

test.describe("state pages", () => {
  test("Texas: title, outline map with pins, type toggles, sorted list with the inactive chapter dimmed, press", async ({ page }) => {
    const state = new StatePage(page, "Texas");
    await state.open("tx");
    await expect(page.getByRole("heading", { level: 1, name: "Texas" })).toBeVisible();
    await state.map.waitReady();
    await expect(state.map.root.locator("svg path").first()).toBeVisible();
    await expect(state.map.root.locator("button[data-pin-id]")).toHaveCount(2);
    const items = state.chapterItems();
    await expect(items.locator("a").first()).toHaveText("Austin");
    await expect(items.getByRole("link")).toHaveText(["Austin", "Dallas", "Houston: Houston Laughing Liberally"]);
    await expect(items.nth(1)).toHaveAttribute("data-inactive", "true");
    await expect(items.nth(1).getByText("Hidden")).toBeVisible();
    await expect(state.typeToggles()).toHaveText(["dining", "drinking", "laughing"]);
    await state.typeToggles().filter({ hasText: "dining" }).click();
    await expect(state.typeToggles().filter({ hasText: "dining" })).toHaveAttribute("aria-pressed", "false");
    await expect(items.getByRole("link")).toHaveText(["Austin", "Houston: Houston Laughing Liberally"]);
    await expect(state.startChapterBox().getByRole("link", { name: "Start One" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Press Mentions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Austin's Drinking Liberally turns ten" })).toBeVisible();

    await items.first().getByRole("button", { name: "Show on map: Austin" }).click();
    await expect(state.map.infoWindow().getByRole("link", { name: "Austin" })).toBeVisible();
  });

  test("a state with one type has no toggles and no press section when it has no mentions", async ({ page }) => {
    const state = new StatePage(page, "Colorado");
    await state.open("co");
    await expect(page.getByRole("heading", { level: 1, name: "Colorado" })).toBeVisible();
    await expect(state.chapterItems()).toHaveCount(1);
    await expect(page.getByRole("group", { name: "Show chapter types" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Recent Press Mentions" })).toHaveCount(0);
  });

  test("Alaska, Puerto Rico, DC and International", async ({ page }) => {
    for (const [abbr, name, chapter] of [
      ["ak", "Alaska", "Anchorage"],
      ["pr", "Puerto Rico", "San Juan"],
      ["dc", "District of Columbia", "Washington: Washington DC"],
    ]) {
      const state = new StatePage(page, name);
      await state.open(abbr);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await state.map.waitReady();
      await expect(state.map.root.locator("button[data-pin-id]")).toHaveCount(1);
      await expect(state.chapterItems().getByRole("link", { name: chapter })).toBeVisible();
    }
    await page.goto("/chapters/int");
    await expect(page.getByRole("heading", { level: 1, name: "International" })).toBeVisible();
    await expect(page.getByTestId("state-chapters").getByRole("link", { name: "London" })).toBeVisible();
    await page.goto("/chapters/zz");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("chapter pages", () => {
  test("an active chapter shows its content; no Admin tools for visitors", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await expect(chapter.title().getByRole("link", { name: "Austin" })).toHaveAttribute("href", "/chapter/tx/austin");
    await expect(chapter.adminTools()).toHaveCount(0);
    await expect(page.getByText("Join fellow progressives in Austin")).toBeVisible();
    await expect(chapter.section("Next Event")).toBeVisible();
    await expect(page.getByText("Priya Raman (Field Organizer)")).toBeVisible();
    await expect(page.getByRole("link", { name: "austin@drinkingliberally.org" })).toHaveAttribute("href", "mailto:austin@drinkingliberally.org");
    await expect(page.getByRole("link", { name: "Austin on Facebook" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Austin's Drinking Liberally turns ten" })).toBeVisible();
    // The demo chapter's email (a chapter post) is listed; "Coming Soon!" is only for chapters without any.
    await expect(page.getByTestId("chapter-emails").getByRole("heading", { name: "This month at Austin" })).toBeVisible();
    await expect(page.getByText("Coming Soon! This chapter hasn't sent any e-mails yet! Stay tuned.")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Map of where Austin meets" })).toBeVisible();
    await expect(page.getByTestId("chapter-header-image")).toBeHidden();
    await expect(chapter.signup.email()).toBeVisible();
  });

  test("inactive chapters say so to visitors and show their content to hosts and admins", async ({ page }) => {
    const chapter = new ChapterPage(page);
    for (const [state, slug] of [
      ["pa", "pittsburgh"],
      ["tx", "dallas"],
    ]) {
      await chapter.open(state, slug);
      await expect(page.getByText("This Chapter is not active.")).toBeVisible();
      await expect(chapter.section("Next Event")).toHaveCount(0);
      await expect(page.getByText(/Join fellow progressives/)).toHaveCount(0);
    }
    await signInAs(page, "admin");
    await chapter.open("pa", "pittsburgh");
    await expect(page.getByText("Join fellow progressives in Pittsburgh")).toBeVisible();
    await expect(page.getByText("This Chapter is not active.")).toHaveCount(0);
    await expect(chapter.adminTools()).toHaveAttribute("href", "/chapter/pa/pittsburgh/admin");
  });

  test("a hidden chapter's page leads visitors on: to its state's chapters and the active chapters nearest it", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "dallas");
    await expect(chapter.wayOn()).toContainText("This Chapter is not active.");
    const nearby = chapter.nearbyChapters();
    await expect(nearby.first()).toBeVisible();
    expect(await nearby.count()).toBeLessThanOrEqual(3);
    await expect(nearby.filter({ hasText: "Austin" })).toHaveAttribute("href", "/chapter/tx/austin");
    await chapter.wayOn().getByRole("link", { name: "See the chapters in Texas" }).click();
    await expect(page).toHaveURL(/\/chapters\/tx$/);
    await expect(page.getByRole("heading", { level: 1, name: "Texas" })).toBeVisible();
  });

  test("the Admin tools button shows for the chapter's host only", async ({ page }) => {
    await signInAs(page, "host");
    const chapter = new ChapterPage(page);
    await chapter.open("ny", "nyc");
    await expect(chapter.adminTools()).toHaveAttribute("href", "/chapter/ny/nyc/admin");
    await chapter.open("il", "chicago");
    await expect(chapter.title()).toHaveText("Chicago");
    await expect(chapter.adminTools()).toHaveCount(0);
  });

  test("an unknown chapter is not found", async ({ page }) => {
    await page.goto("/chapter/tx/no_such_chapter");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("content pages", () => {
  test("about, chapter types, a generic page, a blog post and press mentions", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About Living Liberally" })).toBeVisible();
    await expect(page.locator("main strong").first()).toHaveText("fun, friendship and local action");
    await page.getByRole("link", { name: "Chapter Types" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chapter Types" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "A film night, with discussion afterwards." })).toBeVisible();
    await page.goto("/page/chapter_resources");
    await expect(page.getByRole("heading", { level: 1, name: "Chapter Resources" })).toBeVisible();
    await page.goto("/blog/twenty_years_of_drinking_liberally");
    await expect(page.getByRole("heading", { level: 1, name: "Twenty years of Drinking Liberally" })).toBeVisible();
    await expect(page.getByText("Two decades ago")).toBeVisible();
    await page.goto("/page/no_such_page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("wiki: a public page shows its body; a non-public one is not found but by admins, who see the notice and its body", async ({ page }) => {
    await page.goto("/wiki/host_handbook");
    await expect(page.getByRole("heading", { level: 1, name: "Host Handbook" })).toBeVisible();
    await expect(page.getByText("arrive early, greet newcomers")).toBeVisible();
    await expect(page.getByText("This page is not public. Only Admins can see it.")).toHaveCount(0);

    // To anyone else it is a page that does not exist: nothing tells them it is there.
    await page.goto("/wiki/field_organizer_playbook");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("Field Organizer Playbook")).toHaveCount(0);
    await expect(page.getByText("Internal notes for field organizers")).toHaveCount(0);

    await signInAs(page, "admin");
    await page.goto("/wiki/field_organizer_playbook");
    await expect(page.getByText("This page is not public. Only Admins can see it.")).toBeVisible();
    await expect(page.getByText("Internal notes for field organizers")).toBeVisible();
  });
});

test.describe("my chapters", () => {
  test("lists the user's chapters with roles and Admin buttons", async ({ page }) => {
    await signInAs(page, "fieldOrganizer", "/");
    await page.getByRole("link", { name: "My Chapters" }).click();
    await expect(page).toHaveURL(/\/my_chapters$/);
    const items = page.getByTestId("my-chapters").locator("> li");
    await expect(items).toHaveCount(1);
    await expect(items.first().getByRole("link", { name: "New York City", exact: true })).toHaveAttribute("href", "/chapter/ny/nyc");
    await expect(items.first().getByText("Field Organizer")).toBeVisible();
    await expect(items.first().getByRole("link", { name: "Admin for New York City" })).toHaveAttribute("href", "/chapter/ny/nyc/admin");
  });

  test("signed-in routes send visitors to sign in", async ({ page }) => {
    for (const path of ["/my_chapters", "/my_chapter_host_applications", "/my_chapter_host_applications/abc"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/signin\\?returnUrl=${encodeURIComponent(path)}$`));
    }
  });
});

test.describe("map implementation", { tag: "@look" }, () => {
  test("without a key the Google chunk is never loaded; with one the Google script is asked for instead", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => scripts.push(r.url()));
    await page.goto("/chapters/tx");
    await expect(page.getByTestId("offline-map")).toHaveAttribute("data-map-ready", "true");
    expect(scripts.some((u) => /GoogleChapterMap/.test(u))).toBe(false);

    await page.route("**/api/site_config", (route) =>
      route.fulfill({ json: { googleMapsApiKey: "test-browser-key", hasGoogleMapsKey: true, emailServiceName: "sendInBlue" } }),
    );
    await browserRendered(page, "/chapters/tx");
    // The Google loader puts its script on the page (this server has no key, so its CSP keeps it from loading).
    await expect(page.locator('script[src^="https://maps.googleapis.com/maps/api/js"][src*="key=test-browser-key"]')).toHaveCount(1);
    expect(scripts.some((u) => /GoogleChapterMap/.test(u))).toBe(true);
    await expect(page.getByTestId("offline-map")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Map of chapters in Texas" })).toHaveCSS("height", "300px");
    offsite.length = 0;
  });
});

test.describe("keyboard", { tag: "@look" }, () => {
  test("the home map is one Tab stop before the state chooser; Enter and the arrow keys go from pin to pin", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // Skip to content
    const inMap: (string | null)[] = [];
    for (let stops = 0; stops < 40 && !(await home.stateChooser().evaluate((el) => el === document.activeElement)); stops++) {
      await page.keyboard.press("Tab");
      const where = await home.map.focused();
      if (where) inMap.push(where);
    }
    await expect(home.stateChooser()).toBeFocused();
    // The map once, and none of its pins, clusters or zoom buttons.
    expect(inMap).toEqual(["map"]);

    await home.map.root.focus();
    const view = await home.map.transform();
    await page.keyboard.press("Enter");
    const first = await home.map.focused();
    expect(first).toMatch(/^(pin|cluster): /);
    const visited = new Set([first]);
    for (const key of ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowUp"]) {
      await page.keyboard.press(key);
      visited.add(await home.map.focused());
    }
    // Several pins or clusters, each reached with the arrow keys, which did not move the map meanwhile.
    expect(visited.size).toBeGreaterThan(2);
    expect([...visited].every((where) => /^(pin|cluster): /.test(where ?? ""))).toBe(true);
    expect(await home.map.transform()).toBe(view);
    await page.keyboard.press("Escape");
    expect(await home.map.focused()).toBe("map");
    // On the map itself the arrow keys move it.
    await page.keyboard.press("ArrowLeft");
    await home.map.transformChanged(view);
  });

  test("the first Tab stop skips the menu to the page's content", async ({ page }) => {
    await page.goto("/chapter/tx/austin");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // The next Tab stop is inside the content, not the menu.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });
});
