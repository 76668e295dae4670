import { expect, test, type Page } from "./fixtures";
import { signInAs, unique } from "./support";
import { ChapterDashboardPage } from "./pages/ChapterDashboardPage";
import { MembersPage } from "./pages/MembersPage";
import { StatsSection } from "./pages/StatsSection";
import { axe } from "./pages/axe";
import type { ChapterStats } from "../server/contracts/chapterStats";

/** Serious or critical axe findings inside the Stats card. */
async function violations(page: Page) {
  const results = await axe(page).include('[data-testid="stats-section"]').analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(" | ")}`);
}

/** Checks the card in light and in dark mode (the colour mode class on <html>, as the toggle sets it). */
async function expectAxeClean(page: Page) {
  for (const mode of ["light", "dark"]) {
    await page.evaluate((m) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(m);
      // Reading a style makes the switch take effect now, starting the colour transitions it sets off.
      void getComputedStyle(document.body).color;
    }, mode);
    // Colours are measured once the transitions are over.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    expect(await violations(page), mode).toEqual([]);
  }
}

test.describe("chapter stats", () => {
  test("a host sees the chapter's twelve months as charts, and as a table with a caption", async ({ page }) => {
    await signInAs(page, "host");
    // A member who joins now counts in the current month.
    const members = new MembersPage(page, "/chapter/ny/nyc");
    await members.open();
    await members.openAdd();
    await members.addMembers(`stats-${unique()}@example.test`);
    await expect(members.addOutcome()).toBeVisible();
    const dashboard = new ChapterDashboardPage(page, "ny", "nyc");
    const answer = page.waitForResponse((r) => /\/api\/chapter_stats\/chapter\/\d+$/.test(new URL(r.url()).pathname));
    await dashboard.open();
    const api = (await (await answer).json()) as ChapterStats;
    expect(api.months).toHaveLength(12);
    expect(api.months[11].joined).toBeGreaterThanOrEqual(1);
    expect(api.months[11].members).toBeGreaterThanOrEqual(1);
    const stats = new StatsSection(page);
    await expect(stats.root).toBeVisible();
    await expect(stats.charts()).toHaveCount(4);
    await expect(stats.charts().first()).toHaveAccessibleName("Members at month end");
    await expect(stats.charts().last()).toHaveAccessibleName("Who came");
    await stats.showTable();
    await expect(stats.table().locator("caption")).toHaveText(/: the last 12 months$/);
    expect(await stats.rows()).toEqual(StatsSection.expected(api.months));
    await expectAxeClean(page);
  });

  test("a field organizer sees their chapters' months on My Chapters", async ({ page }) => {
    await signInAs(page, "fieldOrganizer");
    const stats = new StatsSection(page);
    const theirs = await stats.openMyChapters();
    await expect(stats.charts()).toHaveCount(4);
    await expect(stats.table().locator("caption")).toHaveText("Your chapters: the last 12 months");
    await stats.showTable();
    expect(await stats.rows()).toEqual(StatsSection.expected(theirs.months));
    await expectAxeClean(page);
    // Their chapters' members, not the network's: fewer at the last month's end than the whole network has.
    await signInAs(page, "admin");
    const network = (await (await page.request.get("/api/chapter_stats/network")).json()) as ChapterStats;
    expect(theirs.months[11].members).toBeLessThan(network.months[11].members);
    expect(theirs.months[11].members).toBeGreaterThan(0);
  });

  test("an admin sees the network's months on the Dashboard, then one state's", async ({ page }) => {
    await signInAs(page, "admin");
    const network = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chapter_stats/network");
    await page.goto("/admin");
    const all = (await (await network).json()) as ChapterStats;
    const stats = new StatsSection(page);
    await expect(stats.charts()).toHaveCount(4);
    // Screen readers have the table before it is shown.
    await expect(stats.table().locator("caption")).toHaveText("The network: the last 12 months");
    await expectAxeClean(page);
    await stats.showTable();
    expect(await stats.rows()).toEqual(StatsSection.expected(all.months));

    await stats.chooseState("New York", "ny");
    await expect(stats.table().locator("caption")).toHaveText("New York: the last 12 months");
    const ny = (await (await page.request.get("/api/chapter_stats/network?state=ny")).json()) as ChapterStats;
    expect(await stats.rows()).toEqual(StatsSection.expected(ny.months));
    await expectAxeClean(page);
  });
});
