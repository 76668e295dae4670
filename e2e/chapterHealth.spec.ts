import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { signInAs } from "./support";
import { ChapterHealthTable } from "./pages/ChapterHealthTable";
import { GeneralSettingsPage } from "./pages/siteAdmin/GeneralSettingsPage";
import type { ChapterHealthPage, ChapterHealthRow } from "../server/contracts/chapterHealth";
import { healthRow as buildHealthRow } from "../server/test/healthRows";

async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).slice(0, 3) }));
}

/** A row of the table as the server answers it, for answers the tests make up. */
const healthRow = (at: string, over: Partial<ChapterHealthRow>): ChapterHealthRow =>
  buildHealthRow({ chapterId: 1, slug: "a", title: "A", lastEmailAt: at, countedFrom: at, members: 10, growth30d: 1, hosts: ["Hal Host"], ...over });

/**
 * Answers the table's reads from `rows` as the server would (a state, a page), with the counts of every row; the
 * query strings asked for are returned.
 */
async function answerHealthTable(page: Page, at: string, rows: ChapterHealthRow[]): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === "/api/chapter_health/summary",
    (route) => {
      const params = new URL(route.request().url()).searchParams;
      asked.push(params.toString());
      const health = params.get("health") ?? "all";
      const pageNo = Number(params.get("page") ?? 0);
      const limit = Number(params.get("limit") ?? 100);
      const matching = rows.filter((r) => health === "all" || r.health === health);
      const count = (h: string) => rows.filter((r) => r.health === h).length;
      const list: ChapterHealthPage = {
        settings: { atRiskAfterDays: 42, dormantAfterDays: 56 },
        counts: { active: count("active"), at_risk: count("at_risk"), dormant: count("dormant") },
        at,
        total: rows.length,
        matching: matching.length,
        page: pageNo,
        limit,
        rows: matching.slice(pageNo * limit, (pageNo + 1) * limit),
        byState: [],
      };
      return route.fulfill({ json: list });
    },
  );
  return asked;
}

test.describe("chapter health", () => {
  test("admins see every chapter's health on the Dashboard, sort it, export it as CSV and pin a chapter with a note", async ({ page }) => {
    // Sorting, searching, filtering, exporting and pinning: a long flow, given three times the usual time.
    test.slow();
    await signInAs(page, "admin");
    const health = new ChapterHealthTable(page);
    await health.openDashboard();
    const api = (await (await page.request.get("/api/chapter_health")).json()) as ChapterHealthRow[];
    expect(await health.count("All")).toBe(api.length);
    expect((await health.count("Healthy")) + (await health.count("At risk")) + (await health.count("Dormant"))).toBe(api.length);
    await expect(health.rows()).toHaveCount(Math.min(api.length, 100));
    expect(await seriousViolations(page, '[data-testid="chapter-health"]')).toEqual([]);
    // The demo network has quiet chapters: some at risk, Pittsburgh dormant (the rule took it off the map); its
    // days silent are days, counted from its last email (whose date is in the Last email column, not repeated).
    expect(await health.count("At risk")).toBeGreaterThanOrEqual(1);
    await expect(health.row("pittsburgh")).toHaveAttribute("data-health", "dormant");
    const pittsburgh = api.find((r) => r.slug === "pittsburgh")!;
    await expect(health.daysSilent("pittsburgh")).toHaveText(String(Math.floor((Date.now() - Date.parse(pittsburgh.countedFrom)) / 86_400_000)));
    await expect(health.silenceFrom("pittsburgh")).toHaveCount(0);

    // Sorting by Members puts the smallest list first, a second click the largest (the demo's lists differ in size;
    // each order is waited for, as the server answers it).
    const members = () => health.rows().evaluateAll((rows) => rows.map((r) => Number(r.children[7].textContent)));
    const inOrder = (sign: 1 | -1) => async () => {
      const shown = await members();
      return shown.every((n, i) => Number.isInteger(n) && (i === 0 || sign * (n - shown[i - 1]) >= 0));
    };
    await health.sortBy("Members");
    await expect.poll(inOrder(1)).toBe(true);
    expect(new Set(await members()).size).toBeGreaterThan(1);
    await health.sortBy("Members");
    await expect.poll(inOrder(-1)).toBe(true);
    await expect(health.root.getByRole("columnheader", { name: /^Members/ })).toHaveAttribute("aria-sort", "descending");

    // A search, answered by the server.
    await health.search("Chicago");
    await expect(health.rows()).toHaveCount(1);
    await expect(health.row("chicago")).toBeVisible();
    await health.search("");
    await expect(health.rows()).toHaveCount(Math.min(api.length, 100));
    // One state's chapters, from the select or from the counts by state.
    const inIllinois = api.filter((r) => r.state === "il");
    await health.chooseState("Illinois");
    await expect(health.rows()).toHaveCount(inIllinois.length);
    expect(await health.statesShown()).toEqual(inIllinois.map(() => "il"));
    await health.chooseState("All states");
    await expect(health.rows()).toHaveCount(Math.min(api.length, 100));
    const counts = await health.stateCounts("ny");
    const inNewYork = api.filter((r) => r.state === "ny");
    expect(counts).toEqual({
      at_risk: inNewYork.filter((r) => r.health === "at_risk").length,
      dormant: inNewYork.filter((r) => r.health === "dormant").length,
      active: inNewYork.filter((r) => r.health === "active").length,
    });
    await health.openStateFromCounts("New York");
    await expect(health.rows()).toHaveCount(inNewYork.length);
    await expect(health.root.getByRole("combobox", { name: "State" })).toHaveValue("ny");
    expect(await seriousViolations(page, '[data-testid="chapter-health"]')).toEqual([]);
    await health.chooseState("All states");

    const csv = await health.exportCsv();
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      '"Chapter","Slug","State","Health","On the map","Last email","Days silent","Silence counted","Last meetup","Next meetup","Last confirmed meetup","Members","Growth (30 days)","Hosts","Pinned active","Pin note","Time zone"',
    );
    expect(lines).toHaveLength(api.length + 1);
    // The same local dates as the table: Pittsburgh's line names its zone and the date its silence began there.
    expect(lines.find((l) => l.startsWith('"Pittsburgh"'))).toMatch(/,"since the last email on \d{4}-\d{2}-\d{2}",.*"America\/New_York"$/);

    // A pin with its note, then taken off again (the chapter stays on the map either way).
    const chicago = api.find((r) => r.slug === "chicago")!;
    await health.pin(chicago.title, "Host on a summer break");
    await expect(health.row("chicago")).toContainText("Pinned");
    const pinned = ((await (await page.request.get("/api/chapter_health")).json()) as ChapterHealthRow[]).find((r) => r.slug === "chicago")!;
    expect(pinned).toMatchObject({ pinnedActive: true, pinNote: "Host on a summer break", health: "active" });
    await health.unpin(chicago.title);
    await expect(health.row("chicago")).not.toContainText("Pinned");
  });

  test("shows at-risk chapters first, filters by state and offers Re-enable for chapters the rule took off the map", async ({ page }) => {
    await signInAs(page, "admin");
    const at = new Date().toISOString();
    const row = (over: Partial<ChapterHealthRow>) => healthRow(at, over);
    await answerHealthTable(page, at, [
      row({
        chapterId: 901,
        slug: "quiet_town",
        title: "Quiet Town",
        health: "at_risk",
        countedFrom: new Date(Date.parse(at) - 45 * 86_400_000).toISOString(),
      }),
      row({
        chapterId: 902,
        slug: "sleepy_hollow",
        title: "Sleepy Hollow",
        health: "dormant",
        status: 0,
        dormantByRule: true,
        countedFrom: new Date(Date.parse(at) - 60 * 86_400_000).toISOString(),
      }),
      // A meetup at 23:30 in Los Angeles (06:30 UTC the next day) shows on its local date; a new chapter counts from its founding.
      row({
        chapterId: 903,
        slug: "busy_city",
        title: "Busy City",
        timeZone: "America/Los_Angeles",
        lastMeetupAt: "2026-07-15T06:30:00.000Z",
        silenceFrom: "founded",
        countedFrom: "2026-07-01T19:00:00.000Z",
      }),
    ]);
    const health = new ChapterHealthTable(page);
    await health.openDashboard();
    expect(await health.healthsShown()).toEqual(["at_risk", "dormant", "active"]);
    expect([await health.count("At risk"), await health.count("Dormant"), await health.count("Healthy")]).toEqual([1, 1, 1]);
    await expect(health.daysSilent("quiet_town")).toHaveText("45");
    await expect(health.silenceFrom("quiet_town")).toHaveCount(0);
    await expect(health.row("busy_city")).toContainText("Jul 14, 2026");
    await expect(health.silenceFrom("busy_city")).toHaveText("since founded on Jul 1, 2026");
    await health.filter("Dormant").click();
    await expect(health.filter("Dormant")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => health.healthsShown()).toEqual(["dormant"]);
    await expect(health.row("sleepy_hollow")).toContainText("Hidden");
    await expect(health.root.getByRole("button", { name: "Re-enable Sleepy Hollow" })).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="chapter-health"]')).toEqual([]);
    // The dormant notice's link opens the table on the dormant chapters.
    await page.goto("/admin?health=dormant");
    await expect(health.filter("Dormant")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => health.healthsShown()).toEqual(["dormant"]);
  });

  test("fits a 1280 px screen: every column in view, Re-enable too; a phone scrolls it sideways with the chapter in view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, "admin");
    const at = new Date().toISOString();
    const ago = (days: number) => new Date(Date.parse(at) - days * 86_400_000).toISOString();
    // Long names and several hosts, a pinned chapter and one the rule took off the map: the widest rows the table has.
    await answerHealthTable(page, at, [
      healthRow(at, {
        chapterId: 911,
        slug: "san_luis_obispo",
        title: "San Luis Obispo County Progressive Happy Hour",
        health: "dormant",
        status: 0,
        dormantByRule: true,
        countedFrom: ago(400),
        lastEmailAt: ago(400),
        lastMeetupAt: ago(380),
        nextMeetupAt: ago(-3),
        lastConfirmedMeetup: "2025-11-03",
        members: 12345,
        growth30d: -120,
        hosts: ["Bartholomew Fitzgerald-Whitmore", "Alexandria Montgomery"],
      }),
      healthRow(at, { chapterId: 912, slug: "pinned_town", title: "Pinned Town", pinnedActive: true, pinNote: "Summer break" }),
    ]);
    const health = new ChapterHealthTable(page);
    await health.openDashboard();
    await expect(health.rows()).toHaveCount(2);
    expect(await health.columnsOutOfView()).toEqual([]);
    expect(await health.scrollsSideways()).toBe(false);
    await health.root.getByRole("table").first().scrollIntoViewIfNeeded();
    for (const name of ["Chapter", "Health", "Last email", "Days silent", "Members", "New (30 days)", "Actions"]) {
      await expect(health.root.getByRole("columnheader", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) })).toBeInViewport();
    }
    await expect(health.root.getByRole("button", { name: "Re-enable San Luis Obispo County Progressive Happy Hour" })).toBeInViewport();
    await expect(health.root.getByRole("button", { name: "Unpin Pinned Town" })).toBeInViewport();
    await expect(health.hosts("san_luis_obispo")).toHaveText("Hosts: Bartholomew Fitzgerald-Whitmore, Alexandria Montgomery");
    await expect(health.daysSilent("san_luis_obispo")).toHaveText("400");
    expect(await seriousViolations(page, '[data-testid="chapter-health"]')).toEqual([]);

    // On a phone the table scrolls sideways; the chapter's name stays in view as it does.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await health.scrollsSideways()).toBe(true);
    const chapterCell = health.row("pinned_town").getByRole("cell").first();
    await chapterCell.scrollIntoViewIfNeeded();
    const before = (await chapterCell.boundingBox())!.x;
    await health.root
      .getByRole("table")
      .first()
      .evaluate((table) => table.parentElement!.scrollBy({ left: 400 }));
    await expect.poll(async () => (await chapterCell.boundingBox())!.x).toBe(before);
    await expect(chapterCell).toBeInViewport();
  });

  test("a network larger than a page is read a page at a time, each page from the server", async ({ page }) => {
    await signInAs(page, "admin");
    const at = new Date().toISOString();
    const rows = Array.from({ length: 250 }, (_, i) => healthRow(at, { chapterId: 1000 + i, slug: `town_${i}`, title: `Town ${i}`, members: i }));
    const asked = await answerHealthTable(page, at, rows);
    const health = new ChapterHealthTable(page);
    await health.openDashboard();
    await expect(health.rows()).toHaveCount(100);
    await expect(health.pager()).toContainText("Showing 1–100 of 250 (page 1 of 3)");
    await health.nextPage();
    await expect(health.pager()).toContainText("Showing 101–200 of 250 (page 2 of 3)");
    await expect(health.row("town_100")).toBeVisible();
    await expect(health.row("town_99")).toHaveCount(0);
    await health.nextPage();
    await expect(health.rows()).toHaveCount(50);
    expect(asked.map((q) => new URLSearchParams(q).get("page"))).toEqual(["0", "1", "2"]);
    // A new order starts again at the first page.
    await health.sortBy("Members");
    await expect(health.pager()).toContainText("Showing 1–100 of 250");
    expect(new URLSearchParams(asked.at(-1)).get("sort")).toBe("members");
    expect(await seriousViolations(page, '[data-testid="chapter-health"]')).toEqual([]);
  });

  test("field organizers see their chapters' health on My Chapters", async ({ page }) => {
    await signInAs(page, "fieldOrganizer");
    const health = new ChapterHealthTable(page);
    await health.openMyChapters();
    await expect(health.rows()).toHaveCount(1);
    await expect(health.row("nyc")).toBeVisible();
    await expect(health.root.getByRole("button", { name: /^Pin / })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("admins set the thresholds on General Settings, with clear refusals", async ({ page }) => {
    await signInAs(page, "admin");
    const settings = new GeneralSettingsPage(page);
    await settings.open();
    await expect(settings.healthForm().getByRole("spinbutton", { name: "At risk after (days)" })).toHaveValue("42");
    await expect(settings.healthForm().getByRole("spinbutton", { name: "Dormant after (days)" })).toHaveValue("56");
    expect(await settings.saveHealthThresholds("60", "56")).toBe("dormantAfterDays must be greater than atRiskAfterDays");
    expect(await settings.saveHealthThresholds("35", "49")).toBeNull();
    const saved = await (await page.request.get("/api/chapter_health/settings")).json();
    expect(saved).toEqual({ atRiskAfterDays: 35, dormantAfterDays: 49 });
    expect(await seriousViolations(page)).toEqual([]);
    // Back to the network's policy for the tests that follow.
    expect(await settings.saveHealthThresholds("42", "56")).toBeNull();
  });
});
