import { expect, test } from "./fixtures";
import { signInAs, unique } from "./support";
import { EventsAdminPage } from "./pages/EventsAdminPage";
import { ChapterPage } from "./pages/ChapterPage";
import { axe } from "./pages/axe";

const NYC = "/chapter/ny/nyc";
const longDate = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

test("a host cancels the 2nd Tuesday of a '2nd and 4th Tuesday' event; the public page skips it and marks it cancelled", async ({ page }) => {
  await signInAs(page, "host");
  const events = new EventsAdminPage(page, NYC);
  await events.open();
  const name = `Tuesdays ${unique()}`;
  await events.openAdd();
  await events.fill({
    name,
    address1: "627 9th Ave",
    city: "New York",
    state: "New York",
    postalCode: "10036",
    day: "Tuesday",
    weeks: ["Second", "Fourth"],
    start: "11:00pm",
    end: "11:30pm",
  });
  await events.save();
  await expect(page).toHaveURL(events.listUrl);

  // The event's next meetups, as the site computes them; the first 2nd Tuesday among them is cancelled.
  const slug = await events.item(name).getAttribute("data-slug");
  const before = (await (await page.request.get(`/api/chapter_event/slug/${slug}`)).json()) as { nextDates: { date: string }[] };
  const second = before.nextDates.map((d) => d.date).find((d) => Math.ceil(Number(d.slice(8)) / 7) === 2)!;
  expect(second).toBeTruthy();

  await events.openEdit(name);
  const dialog = await events.openCancelDialog();
  const violations = (await axe(page).include('[data-testid="cancel-meetup-dialog"]').analyze()).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole("button", { name: "Keep It" }).click();
  await expect(dialog).toBeHidden();

  await events.cancelDate(longDate(second), "The bar is closed for a private party");
  await expect(events.cancelledMeetups()).toContainText(`${longDate(second)}: The bar is closed for a private party`);

  const after = (await (await page.request.get(`/api/chapter/slug/nyc`)).json()) as {
    chapterEvents: { slug: string; nextDates: { date: string }[]; cancelledDates: { date: string }[] }[];
  };
  const shown = after.chapterEvents.find((e) => e.slug === slug)!;
  expect(shown.nextDates.map((d) => d.date)).not.toContain(second);
  expect(shown.cancelledDates.map((d) => d.date)).toEqual([second]);

  const chapterPage = new ChapterPage(page);
  await page.goto(NYC);
  await expect(chapterPage.section("Next Event")).toBeVisible();
  await expect(chapterPage.moreUpcoming().filter({ hasText: `${longDate(second)}, 11:00 PM: ${name}` })).toHaveCount(0);
  await chapterPage.showOnMap(name);
  await expect(chapterPage.cancelledMeetupsOf(name)).toContainText(`Cancelled: ${longDate(second)} (The bar is closed for a private party)`);

  // Put back on: the date is a meetup again.
  await events.open();
  await events.openEdit(name);
  await events.uncancelDate(longDate(second));
  await expect(events.cancelledMeetups()).toContainText("No meetup of this event is cancelled.");
  const restored = (await (await page.request.get(`/api/chapter_event/slug/${slug}`)).json()) as { nextDates: { date: string }[] };
  expect(restored.nextDates.map((d) => d.date)).toContain(second);
  await events.deleteEvent();
});

test("a host cancels a meetup two months ahead with a note to the list, then puts it back on after being asked, telling the list", async ({ page }) => {
  await signInAs(page, "host");
  const events = new EventsAdminPage(page, NYC);
  await events.open();
  const name = `Weekly ${unique()}`;
  await events.openAdd();
  await events.fill({ name, address1: "1 Main St", city: "New York", day: "Tuesday", weeks: ["Every Week"], start: "11:00pm", end: "11:30pm" });
  await events.save();
  await expect(page).toHaveURL(events.listUrl);
  await events.openEdit(name);

  // Every Tuesday from today to 90 days ahead, not only the next two.
  const offered = await events.cancellableDates();
  expect(offered.length).toBeGreaterThanOrEqual(12);
  const later = offered[8];
  await events.cancelDate(later, "The bar is closed", true);
  const chapter = (await (await page.request.get("/api/chapter/slug/nyc")).json()) as { id: number };
  const posts = async () =>
    ((await (await page.request.get(`/api/chapter_blog_post/public/${chapter.id}/0`)).json()) as { title: string }[]).map((p) => p.title);
  expect(await posts()).toContain(`Cancelled: ${name} on ${later}`);

  // Putting it back on asks first; keeping it cancelled changes nothing.
  await events
    .cancelledMeetups()
    .getByRole("button", { name: `Put ${later} back on` })
    .click();
  await events.backOnDialog().cancel();
  await expect(events.cancelledMeetups()).toContainText(later);

  await events.uncancelDate(later, { emailList: true });
  await expect(events.cancelledMeetups()).toContainText("No meetup of this event is cancelled.");
  const after = await posts();
  expect(after).not.toContain(`Cancelled: ${name} on ${later}`);
  expect(after).toContain(`Back on: ${name} on ${later}`);
  await events.deleteEvent();
});
