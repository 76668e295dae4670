import { expect, type Locator, type Page } from "@playwright/test";

/** The Chapter Health section: on the site admin Dashboard (/admin) and, for field organizers, on My Chapters. */
export class ChapterHealthTable {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId("chapter-health");
  }

  async openDashboard() {
    await this.page.goto("/admin");
    await expect(this.page.getByRole("heading", { name: "Chapter Health" })).toBeVisible();
    await expect(this.root).toBeVisible();
  }

  async openMyChapters() {
    await this.page.goto("/my_chapters");
    await expect(this.page.getByRole("heading", { name: "Chapter Health" })).toBeVisible();
    await expect(this.root).toBeVisible();
  }

  rows() {
    return this.root.getByTestId("health-row");
  }

  row(slug: string) {
    return this.root.locator(`[data-testid="health-row"][data-slug="${slug}"]`);
  }

  /** A row's days silent: a number of days. */
  daysSilent(slug: string) {
    return this.row(slug).getByTestId("days-silent");
  }

  /** Where a row's silence is counted from, under its days, when not from its last email ("since founded on Jul 1, 2026"). */
  silenceFrom(slug: string) {
    return this.row(slug).getByTestId("silence-from");
  }

  /** The hosts under a row's chapter ("Hosts: Hal Host"). */
  hosts(slug: string) {
    return this.row(slug).getByTestId("health-hosts");
  }

  /**
   * The column headers that are not wholly in the window, or hidden by the table's scroll area (scrolled out of
   * its box): none when the table fits the screen.
   */
  async columnsOutOfView(): Promise<string[]> {
    return this.root
      .getByRole("table")
      .first()
      .evaluate((table) => {
        const area = table.parentElement!;
        const box = area.getBoundingClientRect();
        const right = Math.min(box.right, document.documentElement.clientWidth);
        return [...table.querySelectorAll("thead th")]
          .filter((th) => {
            const r = th.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > right + 0.5;
          })
          .map((th) => (th.textContent ?? "").trim());
      });
  }

  /** Whether the table is wider than its scroll area (a sideways scroll bar). */
  async scrollsSideways(): Promise<boolean> {
    return this.root
      .getByRole("table")
      .first()
      .evaluate((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth + 1);
  }

  /** The filter button of a state ("All", "At risk", "Dormant", "Healthy"), which shows its count. */
  filter(label: "All" | "At risk" | "Dormant" | "Healthy") {
    return this.root.getByRole("group", { name: "Show chapters by health" }).getByRole("button", { name: new RegExp(`^${label} \\d+$`) });
  }

  async count(label: "All" | "At risk" | "Dormant" | "Healthy"): Promise<number> {
    return Number(((await this.filter(label).textContent()) ?? "").replace(/\D+/g, ""));
  }

  /** Sorts by a column (a second click reverses). */
  async sortBy(column: string) {
    await this.root
      .getByRole("columnheader", { name: new RegExp(`^${column}`) })
      .getByRole("button")
      .click();
  }

  /** Types into the search box; the table shows the matching chapters once the server answers. */
  async search(text: string) {
    await this.root.getByRole("searchbox", { name: "Search chapters" }).fill(text);
  }

  /** Narrows the table to one state by its name ("All states" for every state). */
  async chooseState(name: string) {
    await this.root.getByRole("combobox", { name: "State" }).selectOption({ label: name });
  }

  statesShown() {
    return this.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute("data-state")));
  }

  /** A state's counts in "Chapters by state" (opened if closed): at risk, dormant, active. */
  async stateCounts(abbr: string) {
    await this.openStateCounts();
    const cells = await this.root.locator(`[data-testid="state-health"][data-state="${abbr}"] td`).allTextContents();
    return { at_risk: Number(cells[1]), dormant: Number(cells[2]), active: Number(cells[3]) };
  }

  async openStateFromCounts(name: string) {
    await this.openStateCounts();
    await this.root.getByRole("table", { name: "Chapters by state" }).getByRole("button", { name, exact: true }).click();
  }

  private async openStateCounts() {
    const details = this.root.locator("details");
    if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  }

  pager() {
    return this.root.getByRole("navigation", { name: "Pages of chapters" });
  }

  async nextPage() {
    await this.pager().getByRole("button", { name: "Next" }).click();
  }

  healthsShown() {
    return this.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute("data-health")));
  }

  async exportCsv(): Promise<string> {
    const download = this.page.waitForEvent("download");
    await this.root.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString("utf8");
  }

  async pin(title: string, note: string) {
    await this.root.getByRole("button", { name: `Pin ${title} active` }).click();
    const form = this.root.getByRole("form", { name: `Pin ${title} active` });
    await form.getByRole("textbox", { name: `Note for pinning ${title}` }).fill(note);
    await form.getByRole("button", { name: "Pin", exact: true }).click();
    await expect(this.root.getByRole("button", { name: `Unpin ${title}` })).toBeVisible();
  }

  async unpin(title: string) {
    await this.root.getByRole("button", { name: `Unpin ${title}` }).click();
    await expect(this.root.getByRole("button", { name: `Pin ${title} active` })).toBeVisible();
  }
}
