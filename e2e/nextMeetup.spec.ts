import { expect, test, type APIRequestContext } from "./fixtures";
import { E2E_ACCOUNTS, unique } from "./support";
import { ChapterPage } from "./pages/ChapterPage";
import { meetupHoursFromNow } from "../server/test/meetupTimes";

const ZONE = "America/New_York";

async function asHost(request: APIRequestContext) {
  const signin = await request.post("/api/auth/signin", {
    data: { username: E2E_ACCOUNTS.host.email, password: E2E_ACCOUNTS.host.password },
    headers: { "x-session-transport": "bearer" },
  });
  return { authorization: `Bearer ${(await signin.json()).token}` };
}

test("a meetup that has ended is not the next one, on the chapter page nor in its JSON-LD; one under way still is", async ({ page, request }) => {
  const auth = await asHost(request);
  const chapter = (await (await request.get("/api/chapter/slug/nyc")).json()) as { id: number };
  const place = { address1: "1 Main St", address2: "", city: "New York", state: "ny", postalCode: "10001", country: "USA", description: "" };
  // Single dates in New York: one that started three hours ago and ended an hour ago, one that started an hour ago.
  const ended = { name: `Ended ${unique()}`, ...meetupHoursFromNow(ZONE, -3, -1) };
  const underWay = { name: `Under way ${unique()}`, ...meetupHoursFromNow(ZONE, -1, 1) };
  const created: string[] = [];
  try {
    for (const meetup of [ended, underWay]) {
      const { dayOfWeekIndex: _weekly, weeksOfMonthIndexes: _weeks, ...times } = meetup.weekly;
      const body = {
        ...place,
        ...times,
        chapterId: chapter.id,
        name: meetup.name,
        isSingleDate: true,
        singleDate: meetup.date,
        dayOfWeekIndex: null,
        weeksOfMonthIndexes: "",
      };
      const res = await request.post("/api/chapter_event", { data: body, headers: auth });
      expect(res.status(), await res.text()).toBeLessThan(300);
      created.push((await res.json()).slug);
    }

    const nyc = new ChapterPage(page);
    await nyc.open("ny", "nyc");
    await expect(nyc.nextEvent()).toContainText(underWay.name);
    await expect(nyc.nextEvent()).not.toContainText(ended.name);
    await expect(page.getByText(ended.name)).toHaveCount(0);
    const events = (await nyc.jsonLd()).event.map((e) => e.location.name);
    expect(events[0]).toBe(underWay.name);
    expect(events).not.toContain(ended.name);
    expect(await nyc.meta("description")).toContain(`at ${underWay.name}.`);
  } finally {
    for (const slug of created) await request.delete(`/api/chapter_event/slug/${slug}`, { headers: auth });
  }
});
