import { expect, test } from "./fixtures";
import { ChapterPage } from "./pages/ChapterPage";
import { blockOffsite } from "./support";

/** The Austin demo chapter meets at Scholz Garten, 1607 San Jacinto Blvd, Austin, TX 78701. */
const AUSTIN_ADDRESS = "1607 San Jacinto Blvd, Austin, TX 78701";

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: { boundingBox(): Promise<Box | null> }) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The info window wholly inside the map, with nothing of it cut off (it does not scroll), and clear of its pin. */
async function expectInfoWindowInside(chapter: ChapterPage, where: string) {
  const info = chapter.map.infoWindow();
  await expect(info).toBeVisible();
  const map = await boxOf(chapter.map.root);
  const box = await boxOf(info);
  expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(map.x);
  expect(box.y, `${where}: top edge`).toBeGreaterThanOrEqual(map.y);
  expect(box.x + box.width, `${where}: right edge`).toBeLessThanOrEqual(map.x + map.width);
  expect(box.y + box.height, `${where}: bottom edge`).toBeLessThanOrEqual(map.y + map.height);
  const cut = await info.evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(cut, `${where}: nothing of the window is hidden`).toBeLessThanOrEqual(1);
  const pin = await boxOf(chapter.map.pin("Austin: Scholz Garten").locator("img"));
  const covers = pin.x < box.x + box.width && box.x < pin.x + pin.width && pin.y + 2 < box.y + box.height && box.y < pin.y + pin.height - 2;
  expect(covers, `${where}: the window leaves its pin in sight`).toBe(false);
}

test.describe("a chapter page's map on a phone (390 px)", { tag: "@look" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });
  let offsite: string[] = [];
  test.beforeEach(async ({ page }) => {
    offsite = await blockOffsite(page);
  });
  test.afterEach(() => {
    expect(offsite, "requests to other hosts").toEqual([]);
  });

  test("shows where the chapter meets among its state and the cities around, zoomed to the city", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await chapter.map.waitReady();
    // Not a grey box: Texas and the states around it are drawn, with their names and the cities near Austin.
    for (const abbr of ["TX", "OK", "LA", "NM"]) await expect(chapter.map.stateOutline(abbr)).toHaveCount(1);
    await expect(chapter.map.labels("state")).toContainText(["TEXAS"]);
    const cities = await chapter.map.labels("city").allTextContents();
    expect(cities).toEqual(expect.arrayContaining(["San Antonio", "San Marcos", "Waco"]));
    expect(cities.length).toBeGreaterThanOrEqual(4);
    // The pin in the middle of the map.
    expect(await chapter.map.pinDistanceFromCentre("Austin: Scholz Garten")).toBeLessThan(1.5);
  });

  test("the pin's info window opens wholly inside the map, wherever the pin is, with a Directions link", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    await chapter.map.waitReady();
    const map = chapter.map;

    await map.pin("Austin: Scholz Garten").click();
    await expectInfoWindowInside(chapter, "pin in the middle");
    const directions = map.infoWindow().getByRole("link", { name: /^Directions/ });
    const href = new URL((await directions.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://www.google.com/maps/dir/");
    expect(href.searchParams.get("api")).toBe("1");
    expect(href.searchParams.get("destination")).toBe(AUSTIN_ADDRESS);
    // Opened safely: a new tab with no way back to this page.
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(directions).toHaveAttribute("rel", /\bnoreferrer\b/);
    await expect(directions).toHaveText("Directions");
    await map.infoWindow().getByRole("button", { name: "Close" }).click();

    // The pin moved near each edge (the arrow keys pan the map), then opened from the list under the map.
    for (const [key, times, where] of [
      ["ArrowUp", 2, "pin near the bottom"],
      ["ArrowDown", 4, "pin near the top"],
      ["ArrowLeft", 3, "pin near the right"],
    ] as const) {
      await map.root.focus();
      for (let i = 0; i < times; i++) await page.keyboard.press(key);
      await chapter.showOnMap("Scholz Garten");
      await expectInfoWindowInside(chapter, where);
      await map.infoWindow().getByRole("button", { name: "Close" }).click();
      await expect(map.infoWindow()).toHaveCount(0);
    }
  });

  test("each place under the map has its Directions link too", async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    const place = chapter.mapPlaces().filter({ hasText: "Scholz Garten" });
    const link = place.getByRole("link", { name: /^Directions/ });
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.searchParams.get("destination")).toBe(AUSTIN_ADDRESS);
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  });
});
