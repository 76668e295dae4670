import { expect, test } from "./fixtures";
import { ChapterPage } from "./pages/ChapterPage";
import { HomePage } from "./pages/HomePage";

/**
 * A chapter says what it is: its page keeps its title as the heading with its type beside it, and wherever its
 * name stands alone (the tab, link previews, JSON-LD, its calendar, the finder) it is named with its type, as the
 * network calls its chapters: "Austin Drinking Liberally".
 */
test.describe("a chapter named with its type", () => {
  test("its page: the title as the heading with the type beside it; the tab, previews and JSON-LD name it with its type", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await expect(chapter.title()).toHaveText("Austin");
    await expect(chapter.type()).toHaveText("Drinking Liberally");
    await expect(page).toHaveTitle("Austin Drinking Liberally | Living Liberally");
    expect(await chapter.meta("og:title")).toBe("Austin Drinking Liberally | Living Liberally");
    const ld = await chapter.jsonLd();
    expect(ld.name).toBe("Austin Drinking Liberally");
    expect(ld.event.length).toBeGreaterThan(0);
    expect([...new Set(ld.event.map((e) => e.name))]).toEqual(["Austin Drinking Liberally at Scholz Garten"]);
  });

  test("a title that names its type already is not given it twice", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("pa", "philadelphia");
    await expect(chapter.title()).toHaveText("Philadelphia: Philly Drinking Liberally");
    await expect(chapter.type()).toHaveText("Drinking Liberally");
    await expect(page).toHaveTitle("Philly Drinking Liberally | Living Liberally");
    await chapter.open("tx", "houston");
    await expect(chapter.type()).toHaveText("Laughing Liberally");
    await expect(page).toHaveTitle("Houston Laughing Liberally | Living Liberally");
  });

  test("its calendar is named with its type, and so are its meetups", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    const calendar = await chapter.downloadCalendar();
    expect(calendar).toContain("X-WR-CALNAME:Austin Drinking Liberally\r\n");
    expect(calendar).toContain("SUMMARY:Austin Drinking Liberally at Scholz Garten\r\n");
  });

  test("the finder lists the nearest chapters by their names with their types", async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await home.searchPlace("78704");
    await expect(home.nearestLinks().first()).toHaveText("Austin Drinking Liberally");
    await expect(home.nearestLinks().filter({ hasText: "Houston" })).toHaveText("Houston Laughing Liberally");
  });
});
