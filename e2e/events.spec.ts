import { expect, test, type Page } from "./fixtures";
import { signInAs, unique } from "./support";
import { EventsAdminPage } from "./pages/EventsAdminPage";

const NYC = "/chapter/ny/nyc";

/** A date `days` from today as YYYY-MM-DD. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const longDate = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The next `count` dates (YYYY-MM-DD, from today, New York time) that fall on `weekday` in the `nth` weeks of their month. */
function nthWeekdays(weekday: number, nth: number[], count: number): string[] {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const dates: string[] = [];
  for (let d = new Date(`${today}T12:00:00Z`); dates.length < count; d = new Date(d.getTime() + 86_400_000)) {
    if (d.getUTCDay() === weekday && nth.includes(Math.ceil(d.getUTCDate() / 7))) dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}

/** The chapter's calendar feed as the browser would download it. */
async function nycFeed(page: Page): Promise<string> {
  const res = await page.request.get("/api/chapter_calendar/nyc/events.ics");
  expect(res.status()).toBe(200);
  return res.text();
}

test.describe("chapter admin events", () => {
  test("a host adds, edits and deletes a repeating event", async ({ page }) => {
    await signInAs(page, "host");
    const events = new EventsAdminPage(page, NYC);
    await events.open();
    const before = await events.eventCount();

    await events.openAdd();
    // Nothing is submitted until the required fields are filled.
    await events.save();
    await expect(page.getByText("Name is Required")).toBeVisible();
    await expect(page.getByText("Address is Required")).toBeVisible();
    await expect(page.getByText("City is Required")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/events\/add$/);

    const name = `Repeat ${unique()}`;
    await events.fill({
      name,
      address1: "627 9th Ave",
      city: "New York",
      state: "New York",
      postalCode: "10036",
      day: "Thursday",
      weeks: ["Second", "Fourth"],
      start: "6:30pm",
      end: "8:30pm",
    });
    await events.save();
    // Add mode goes up one level: the list.
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.count()).toHaveText(`${before + 1} Events for this Chapter`);
    await expect(events.item(name).getByTestId("event-schedule")).toHaveText("Second and Fourth Thursday of the month, 6:30pm to 8:30pm");
    expect(await nycFeed(page)).toContain("RRULE:FREQ=MONTHLY;BYDAY=2TH,4TH");

    await events.openEdit(name);
    const renamed = `${name} Renamed`;
    await events.fill({ name: renamed, weeks: ["Even Weeks"], start: "7:00pm", end: "9:30pm" });
    await events.save();
    // Edit mode goes up two levels: the list.
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.item(renamed).getByTestId("event-schedule")).toHaveText("Thursday, Even Weeks, 7:00pm to 9:30pm");
    await expect(events.count()).toHaveText(`${before + 1} Events for this Chapter`);
    const feed = await nycFeed(page);
    expect(feed).toContain(`SUMMARY:New York City Drinking Liberally at ${renamed}`);
    expect(feed).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH");

    await events.openEdit(renamed);
    await events.deleteEvent();
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.count()).toHaveText(`${before} Events for this Chapter`);
    await expect(events.item(renamed)).toHaveCount(0);
    expect(await nycFeed(page)).not.toContain(renamed);
  });

  test("ticking Second and Fourth publishes the second and fourth Tuesdays, as the form's preview says before saving", async ({ page }) => {
    await signInAs(page, "host");
    const events = new EventsAdminPage(page, NYC);
    await events.open();
    await events.openAdd();
    const name = `Twice a month ${unique()}`;
    await events.fill({ name, address1: "1 Main St", city: "New York", day: "Tuesday" });
    // A new repeating event starts as Every Week; ticking a week clears it, and ticking Every Week clears the weeks.
    await expect(events.weekBox("Every Week")).toBeChecked();
    await events.tickWeek("Second");
    await expect(events.weekBox("Every Week")).not.toBeChecked();
    await events.tickWeek("Fourth");
    await expect(events.weekBox("Second")).toBeChecked();
    await expect(events.weekBox("Fourth")).toBeChecked();

    const expected = nthWeekdays(2, [2, 4], 4);
    await expect(events.previewDates()).toHaveText(expected.map((d) => `${longDate(d)}, 7:00 PM`));
    await events.save();
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.item(name).getByTestId("event-schedule")).toHaveText("Second and Fourth Tuesday of the month, 7:00pm to 9:00pm");
    const saved = (await (await page.request.get("/api/chapter/slug/nyc")).json()) as { chapterEvents: { name: string; weeksOfMonthIndexes: string }[] };
    expect(saved.chapterEvents.find((e) => e.name === name)?.weeksOfMonthIndexes).toBe("2,4");

    await events.openEdit(name);
    await events.tickWeek("Every Week");
    await expect(events.weekBox("Second")).not.toBeChecked();
    await expect(events.weekBox("Fourth")).not.toBeChecked();
    await events.deleteEvent();
  });

  test("a host adds, edits and deletes a single-date event; the chapter page shows it with calendar links", async ({ page }) => {
    await signInAs(page, "host");
    const events = new EventsAdminPage(page, NYC);
    await events.open();
    const before = await events.eventCount();

    const name = `Single ${unique()}`;
    const date = daysAhead(9);
    await events.openAdd();
    await events.fill({
      name,
      address1: "1 Picnic Lawn",
      city: "New York",
      state: "New York",
      postalCode: "10024",
      kind: "Single Date",
      date,
      start: "12:00pm",
      end: "2:00pm",
    });
    await events.save();
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.count()).toHaveText(`${before + 1} Events for this Chapter`);
    await expect(events.item(name).getByTestId("event-schedule")).toHaveText(`${longDate(date)}, 12:00pm to 2:00pm`);

    await page.goto(NYC);
    await expect(page.getByText(name).first()).toBeVisible();
    const subscribe = page.getByRole("link", { name: "Subscribe" });
    await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/localhost:\d+\/api\/chapter_calendar\/nyc\/events\.ics$/);
    await expect(page.getByRole("link", { name: "Download .ics" })).toHaveAttribute("href", /\/api\/chapter_calendar\/nyc\/events\.ics\?download=1$/);

    await events.open();
    await events.openEdit(name);
    const later = daysAhead(16);
    await events.fill({ date: later });
    await events.save();
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.item(name).getByTestId("event-schedule")).toHaveText(`${longDate(later)}, 12:00pm to 2:00pm`);
    expect(await nycFeed(page)).toContain(`DTSTART;TZID=America/New_York:${later.replace(/-/g, "")}T120000`);

    await events.openEdit(name);
    await events.deleteEvent();
    await expect(page).toHaveURL(events.listUrl);
    await expect(events.count()).toHaveText(`${before} Events for this Chapter`);
  });

  test("a plain user is refused: no admin screen, and the API answers 403", async ({ page }) => {
    await signInAs(page, "user");
    await page.goto(`${NYC}/admin/events`);
    await expect(page.getByTestId("chapter-admin-refused")).toBeVisible();
    await expect(page.getByTestId("event-count")).toHaveCount(0);
    await page.goto(`${NYC}/admin/events/add`);
    await expect(page.getByTestId("chapter-admin-refused")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

    const chapter = await (await page.request.get("/api/chapter/slug/nyc")).json();
    const csrf = (await page.context().cookies()).find((c) => c.name === "ch_csrf")?.value ?? "";
    const headers = { "x-csrf-token": csrf };
    const create = await page.request.post("/api/chapter_event", {
      headers,
      data: {
        chapterId: chapter.id,
        name: "Sneaky",
        address1: "1 Main St",
        city: "New York",
        startTime: "19:00",
        endTime: "21:00",
        isSingleDate: false,
        dayOfWeekIndex: 2,
        weeksOfMonthIndexesArray: [0],
      },
    });
    expect(create.status()).toBe(403);
    const existing = chapter.chapterEvents[0].slug as string;
    const update = await page.request.post("/api/chapter_event", { headers, data: { ...chapter.chapterEvents[0], name: "Hijacked" } });
    expect(update.status()).toBe(403);
    const remove = await page.request.delete(`/api/chapter_event/slug/${existing}`, { headers });
    expect(remove.status()).toBe(403);
    const after = await (await page.request.get(`/api/chapter_event/slug/${existing}`)).json();
    expect(after.name).not.toBe("Hijacked");
  });
});
