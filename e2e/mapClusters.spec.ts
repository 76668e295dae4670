import { expect, test } from "./fixtures";
import type { ChapterPinList, ChapterPinRow } from "../server/contracts/chapter";
import { HomePage } from "./pages/HomePage";
import { browserRendered } from "./support";

/** 30 chapters a few kilometres apart around Denver (one cluster at the home zoom) and one in Seattle. */
function densePins(): ChapterPinList {
  const pins: ChapterPinRow[] = [];
  for (let i = 0; i < 30; i++) {
    const lat = 39.6 + Math.floor(i / 6) * 0.06;
    const lng = -105.1 + (i % 6) * 0.06;
    pins.push([9000 + i, `dense_${i}`, `Dense ${String(i).padStart(2, "0")}`, "co", 1, lat, lng, null, "The Bar"]);
  }
  pins.push([9100, "seattle", "Seattle", "wa", 1, 47.6062, -122.3321, null, "The Pike Pub"]);
  return { types: [{ id: 1, name: "drinking", hexColor: "#1f5fa8" }], pins };
}

test.describe("home map clusters", { tag: "@look" }, () => {
  test("overlapping pins show as a cluster with a count, and Enter on it zooms in until its pins separate", async ({ page }) => {
    await page.route("**/api/chapters/pins", (route) => route.fulfill({ json: densePins() }));
    // The home page the server renders carries the real pins: open it as the browser renders it, so the route answers.
    const home = new HomePage(page);
    await browserRendered(page, "/");
    await home.map.waitReady();

    await expect(home.map.cluster(30)).toBeVisible();
    await expect(home.map.cluster(30)).toHaveText("30");
    await expect(home.map.pins()).toHaveCount(1);
    await expect(home.map.pin("Seattle: The Pike Pub")).toBeVisible();
    await expect(home.map.zoomOutButton()).toBeDisabled();

    await home.map.cluster(30).focus();
    await page.keyboard.press("Enter");
    await expect(home.map.clusters()).toHaveCount(0);
    await expect(home.map.pins()).toHaveCount(30);
    await expect(home.map.zoomOutButton()).toBeEnabled();
    // Focus stays on the map, where Enter goes to the pins that were in the cluster.
    await expect(home.map.root).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator(":focus")).toHaveAttribute("data-pin-id", /^90\d\d$/);
    await page.keyboard.press("Enter");
    await expect(home.map.infoWindow()).toHaveAttribute("aria-label", /^Dense \d\d: The Bar$/);
  });

  test("a cluster opens on click too, and the list under the map pages 50 at a time", async ({ page }) => {
    const many: ChapterPinList = densePins();
    for (let i = 0; i < 40; i++) many.pins.push([9200 + i, `listed_${i}`, `Listed ${String(i).padStart(2, "0")}`, "int", 1, null, null, null, ""]);
    await page.route("**/api/chapters/pins", (route) => route.fulfill({ json: many }));
    // The home page the server renders carries the real pins: open it as the browser renders it, so the route answers.
    const home = new HomePage(page);
    await browserRendered(page, "/");
    await home.map.waitReady();
    await home.map.cluster(30).click();
    await expect(home.map.pins()).toHaveCount(30);

    const list = home.chapterList();
    await list.locator("summary").click();
    await expect(list.getByRole("listitem")).toHaveCount(50);
    const pager = list.getByRole("navigation", { name: "Pages of the chapter list" });
    await expect(pager).toContainText("Showing 1–50 of 71 (page 1 of 2)");
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(21);
    await expect(list.getByRole("link", { name: "Listed 39" })).toHaveAttribute("href", "/chapter/int/listed_39");
    await expect(list.getByRole("link", { name: "Seattle" })).toHaveCount(0);
  });

  test("pins that share one spot, opened, spread around it with a line back to the spot, each opening its chapter", async ({ page }) => {
    const same: ChapterPinList = { types: densePins().types, pins: [] };
    for (let i = 0; i < 6; i++) same.pins.push([9300 + i, `same_${i}`, `Same ${i}`, "tx", 1, 30.2672, -97.7431, null, "The Hall"]);
    await page.route("**/api/chapters/pins", (route) => route.fulfill({ json: same }));
    const home = new HomePage(page);
    await browserRendered(page, "/");
    await home.map.waitReady();

    // Zooming in cannot separate them: the cluster says so, and opening it spreads them where they are.
    const cluster = home.map.root.getByRole("button", { name: "6 chapters at one place: show them" });
    await expect(cluster).toBeVisible();
    await cluster.focus();
    await page.keyboard.press("Enter");
    await expect(home.map.clusters()).toHaveCount(0);
    await expect(home.map.pins()).toHaveCount(6);
    await expect(home.map.zoomOutButton()).toBeDisabled();

    const drawing = await home.map.drawing();
    const spot = drawing.spotOf(30.2672, -97.7431, "tx")!;
    expect(drawing.pins.every((p) => p.spread && p.lat === 30.2672 && p.lng === -97.7431)).toBe(true);
    // Each line runs from the true spot to its pin's tip; no two pins overlap.
    const lines = await home.map.spreadLines().evaluateAll((els) => els.map((l) => ["x1", "y1", "x2", "y2"].map((a) => Number(l.getAttribute(a)))));
    expect(lines).toHaveLength(6);
    for (const [x1, y1, x2, y2] of lines) {
      expect(Math.hypot(x1 - spot.x, y1 - spot.y)).toBeLessThan(1);
      expect(drawing.pins.some((p) => Math.hypot(p.x - x2, p.y - y2) < 1.5)).toBe(true);
    }
    for (const [i, a] of drawing.pins.entries())
      for (const b of drawing.pins.slice(i + 1)) expect(Math.abs(a.x - b.x) >= 28 || Math.abs(a.y - b.y) >= 36).toBe(true);

    await home.map.pin("Same 3: The Hall").click();
    await expect(home.map.infoWindow()).toHaveAttribute("aria-label", "Same 3: The Hall");
    await home.map.infoWindow().getByRole("button", { name: "Close" }).click();
    // Zooming puts them back together, at their spot.
    const now = (await home.map.drawing()).spotOf(30.2672, -97.7431, "tx")!;
    await home.map.wheelZoomAt(now.x, now.y);
    await expect(home.map.root.getByRole("button", { name: "6 chapters at one place: show them" })).toBeVisible();
    await expect(home.map.spreadLines()).toHaveCount(0);
  });
});
