import { expect, test } from "./fixtures";
import { EmbeddedFinder } from "./pages/EmbeddedFinder";
import { ChapterPage } from "./pages/ChapterPage";
import { axe } from "./pages/axe";

let finder: EmbeddedFinder;
test.beforeEach(({ page }) => {
  finder = new EmbeddedFinder(page);
});
test.afterEach(async () => finder.close());

test.describe("the embeddable finder on another site", () => {
  test("shows the demo chapters nearest 78704 with their next meetups and links into the site", async ({ page, e2eServer }) => {
    const ours = e2eServer.url;
    await finder.open(ours, { place: "78704", limit: "3" });
    await expect(finder.heading()).toHaveText("Chapters near Austin, TX 78704");
    await expect(finder.chapterLinks()).toHaveCount(3);
    // Each chapter by its name with its type; a title that names its type already is not given it twice.
    await expect(finder.chapterLinks().nth(0)).toHaveText("Austin Drinking Liberally");
    await expect(finder.chapterLinks().nth(0)).toHaveAttribute("href", `${ours}/chapter/tx/austin`);
    await expect(finder.chapterLinks().nth(1)).toHaveText("Houston Laughing Liberally");
    await expect(finder.chapterLinks().nth(1)).toHaveAttribute("href", `${ours}/chapter/tx/houston`);
    // Dallas is inactive: never shown.
    await expect(finder.chapterLinks().filter({ hasText: "Dallas" })).toHaveCount(0);
    await expect(finder.chapters().nth(0)).toContainText(/miles away/);
    await expect(finder.chapters().nth(0)).toContainText(/Next meetup: \w+day, \w+ \d{1,2}, \d{4}, Scholz Garten/);

    // The links are reachable by keyboard, with the focus shown, and the block passes axe.
    await page.keyboard.press("Tab");
    await expect(finder.chapterLinks().nth(0)).toBeFocused();
    const outline = await finder
      .chapterLinks()
      .nth(0)
      .evaluate((a) => getComputedStyle(a).outlineStyle);
    expect(outline).toBe("solid");
    expect((await axe(page).include("chapterhouse-finder").analyze()).violations).toEqual([]);

    await finder.chapterLinks().nth(0).click();
    await expect(page).toHaveURL(`${ours}/chapter/tx/austin`);
    await expect(new ChapterPage(page).title()).toHaveText("Austin");
  });

  test("filters by type and follows its attributes as they change", async ({ e2eServer }) => {
    await finder.open(e2eServer.url, { place: "78704", limit: "3", type: "drinking" });
    await expect(finder.heading()).toHaveText("Drinking Liberally chapters near Austin, TX 78704");
    await expect(finder.chapterLinks()).toHaveCount(3);
    await expect(finder.chapterLinks().nth(0)).toHaveText("Austin Drinking Liberally");
    await expect(finder.chapterLinks().nth(1)).toHaveText("Denver Drinking Liberally");
    await expect(finder.chapterLinks().filter({ hasText: "Houston" })).toHaveCount(0);

    await finder.setAttribute("type", "laughing");
    await expect(finder.heading()).toHaveText("Laughing Liberally chapters near Austin, TX 78704");
    await expect(finder.chapterLinks().nth(0)).toHaveText("Houston Laughing Liberally");
    await expect(finder.chapterLinks().filter({ hasText: "Austin" })).toHaveCount(0);

    await finder.setAttribute("place", "Nowhereville, ZZ");
    await expect(finder.alert()).toHaveText('Unknown place: "Nowhereville, ZZ". Try a ZIP code or "City, ST".');
    await expect(finder.chapters()).toHaveCount(0);
  });
});
