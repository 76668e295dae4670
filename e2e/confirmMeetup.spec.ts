import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./fixtures";
import { E2E_ACCOUNTS, outboxDir, unique } from "./support";
import { ConfirmMeetupPage } from "./pages/ConfirmMeetupPage";
import { ChapterPage } from "./pages/ChapterPage";

const ZONE = "America/New_York";

/** Tomorrow in New York, and its weekday (0 = Sunday). */
function tomorrow(): { date: string; weekday: number } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const d = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000);
  return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
}

/** The messages in the outbox to `to` whose subject names `eventName`, as a mail client decodes their bodies. */
function confirmationMails(to: string, eventName: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .map((file) => fs.readFileSync(path.join(outboxDir(), file), "utf8"))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((text) => new RegExp(`^To: ${to}\\r?$`, "m").test(text) && text.includes(`Is ${eventName} on`));
}

const tokenOf = (mail: string) => /\/confirm_meetup\/([\w.-]+)/.exec(mail)![1];

async function asHost(request: APIRequestContext) {
  const signin = await request.post("/api/auth/signin", {
    data: { username: E2E_ACCOUNTS.host.email, password: E2E_ACCOUNTS.host.password },
    headers: { "x-session-transport": "bearer" },
  });
  return { authorization: `Bearer ${(await signin.json()).token}` };
}

test("a host is asked once whether tomorrow's meetups are on, and answers by the email's link: yes for one, cancel for the other", async ({
  page,
  request,
}) => {
  const auth = await asHost(request);
  const chapter = (await (await request.get("/api/chapter/slug/nyc")).json()) as { id: number };
  const { date, weekday } = tomorrow();
  const place = { address1: "1 Main St", address2: "", city: "New York", state: "ny", postalCode: "10001", country: "USA", description: "" };
  const single = `Confirm ${unique()}`;
  const weekly = `Weekly ${unique()}`;
  const created: string[] = [];
  for (const body of [
    {
      ...place,
      chapterId: chapter.id,
      name: single,
      isSingleDate: true,
      singleDate: date,
      dayOfWeekIndex: null,
      weeksOfMonthIndexes: "",
      startTime: "19:00",
      endTime: "21:00",
    },
    {
      ...place,
      chapterId: chapter.id,
      name: weekly,
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: weekday,
      weeksOfMonthIndexes: "0",
      startTime: "20:00",
      endTime: "21:00",
    },
  ]) {
    const res = await request.post("/api/chapter_event", { data: body, headers: auth });
    expect(res.status(), await res.text()).toBeLessThan(300);
    created.push((await res.json()).slug);
  }
  try {
    // The sweep (every 2 s here, every minute for users) emails the host a link for each meetup.
    await expect.poll(() => confirmationMails(E2E_ACCOUNTS.host.email, single).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => confirmationMails(E2E_ACCOUNTS.host.email, weekly).length, { timeout: 20_000 }).toBe(1);
    const yesToken = tokenOf(confirmationMails(E2E_ACCOUNTS.host.email, single)[0]);
    const cancelToken = tokenOf(confirmationMails(E2E_ACCOUNTS.host.email, weekly)[0]);

    // Opening the link (as a mail scanner does) changes nothing.
    const confirm = new ConfirmMeetupPage(page);
    await confirm.open(yesToken);
    await expect(confirm.yes()).toBeVisible();
    await page.reload();
    await expect(confirm.yes()).toBeVisible();
    await confirm.yes().click();
    await expect(confirm.status()).toContainText("The meetup is confirmed");

    const chapterPage = new ChapterPage(page);
    await chapterPage.open("ny", "nyc");
    // Listed as a further meetup, or as the Next Event itself.
    await expect(page.getByText(`: ${single} (Confirmed by the host)`).or(page.getByTestId("confirmed-by-host")).first()).toBeVisible();
    const answer = (await (await request.get("/api/chapter/slug/nyc")).json()) as { chapterEvents: { name: string; confirmedDates: { date: string }[] }[] };
    expect(answer.chapterEvents.find((e) => e.name === single)!.confirmedDates.map((c) => c.date)).toEqual([date]);

    await confirm.open(cancelToken);
    await confirm.cancel("The bar is closed tomorrow");
    await expect(confirm.status()).toContainText("This meetup is cancelled");
    const after = (await (await request.get("/api/chapter/slug/nyc")).json()) as {
      chapterEvents: { name: string; cancelledDates: { date: string; note: string; start: string; end: string }[] }[];
    };
    // With when it would have met (the chapter page's JSON-LD marks it EventCancelled).
    expect(after.chapterEvents.find((e) => e.name === weekly)!.cancelledDates).toEqual([
      { date, note: "The bar is closed tomorrow", start: expect.stringMatching(new RegExp(`^${date}T`)), end: expect.any(String) },
    ]);

    // Later sweeps send nothing more.
    await page.waitForTimeout(5_000);
    expect(confirmationMails(E2E_ACCOUNTS.host.email, single)).toHaveLength(1);
    expect(confirmationMails(E2E_ACCOUNTS.host.email, weekly)).toHaveLength(1);

    // A link that is not ours says so.
    await confirm.open(`${yesToken.split("-")[0]}-forged`);
    await expect(confirm.error()).toContainText("This confirmation link is not valid.");
  } finally {
    for (const slug of created) await request.delete(`/api/chapter_event/slug/${slug}`, { headers: auth });
  }
});
