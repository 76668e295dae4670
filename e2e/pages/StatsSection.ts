import { expect, type Locator, type Page } from "@playwright/test";
import { STATS_FIELDS, type ChapterStats, type StatsMonth } from "../../server/contracts/chapterStats";

/** The Stats card of the chapter admin Dashboard and of the site admin Dashboard: four charts and their table. */
export class StatsSection {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole("region", { name: "Stats", exact: true });
  }

  /** Opens My Chapters, where a field organizer finds their chapters' stats; answers what the server said. */
  async openMyChapters(): Promise<ChapterStats> {
    const answer = this.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chapter_stats/network");
    await this.page.goto("/my_chapters");
    const stats = (await (await answer).json()) as ChapterStats;
    await expect(this.root).toBeVisible();
    return stats;
  }

  /** The charts, each an image named by its title. */
  charts(): Locator {
    return this.root.getByTestId("stats-chart").getByRole("img");
  }

  table(): Locator {
    return this.root.getByRole("table");
  }

  /** Chooses a state on the site admin Dashboard (by its name, "" for all states) and waits for its answer. */
  async chooseState(name: string, abbr: string) {
    const answer = this.page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/chapter_stats/network" && new URL(r.url()).searchParams.get("state") === abbr,
    );
    await this.root.getByRole("combobox", { name: "Stats for state" }).selectOption({ label: name });
    await answer;
  }

  async showTable() {
    await this.root.getByRole("button", { name: "Show as a table" }).click();
    await expect(this.root.getByRole("button", { name: "Hide the table" })).toHaveAttribute("aria-expanded", "true");
    await expect(this.table()).toBeVisible();
  }

  /** The table's rows as numbers, oldest first, in the order of the API's fields. */
  async rows(): Promise<number[][]> {
    const rows = this.table().locator("tbody tr");
    await expect(rows).toHaveCount(12);
    return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => Number(td.textContent))));
  }

  /** What the table should show for the API's months. */
  static expected(months: StatsMonth[]): number[][] {
    return months.map((m) => STATS_FIELDS.map((f) => m[f]));
  }
}
