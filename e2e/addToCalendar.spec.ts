import { expect, test } from "./fixtures";
import { ChapterPage } from "./pages/ChapterPage";

/** Google Calendar's `dates` form of an instant: UTC, basic format. */
const basicUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");

/**
 * Each meetup a chapter page lists has "Add to Google Calendar" (Android and Gmail users expect it beside the
 * calendar file), a plain link that works with JavaScript off, for the same meetups the page's JSON-LD lists.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`Add to Google Calendar, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("every meetup listed links to Google's event template with its name, times, place and page", async ({ page }) => {
      const chapter = new ChapterPage(page);
      await chapter.open("tx", "austin");
      const events = (await chapter.jsonLd()).event;
      const links = chapter.googleCalendarLinks();
      await expect(links).toHaveCount(events.length);
      expect(events.length).toBeGreaterThan(1);
      for (const [i, event] of events.entries()) {
        const url = new URL((await links.nth(i).getAttribute("href"))!);
        expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
        expect(url.searchParams.get("action")).toBe("TEMPLATE");
        expect(url.searchParams.get("text")).toBe(event.name);
        expect(url.searchParams.get("dates")).toMatch(new RegExp(`^${basicUtc(event.startDate)}/\\d{8}T\\d{6}Z$`));
        expect(url.searchParams.get("location")).toContain(event.location.name);
        expect(url.searchParams.get("details")).toMatch(/\/chapter\/tx\/austin$/);
        await expect(links.nth(i)).toHaveAttribute("target", "_blank");
      }
    });
  });
}
