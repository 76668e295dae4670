import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./fixtures";
import { bearerOf, outboxDir, signInAs, unique } from "./support";
import { RsvpWidget } from "./pages/RsvpWidget";
import { RsvpLinkPage } from "./pages/RsvpLinkPage";
import { MeetupAnswersPage } from "./pages/MeetupAnswersPage";
import { ChapterPage } from "./pages/ChapterPage";
import { axe } from "./pages/axe";
import { meetupHoursFromNow } from "../server/test/meetupTimes";

const ZONE = "America/New_York";

/** A meetup of the nyc chapter starting in an hour (so the page's Next Event), removed after the test. */
async function withMeetup(request: APIRequestContext, work: (m: { slug: string; date: string; name: string }) => Promise<void>) {
  const auth = await bearerOf(request, "host");
  const chapter = (await (await request.get("/api/chapter/slug/nyc")).json()) as { id: number };
  const meetup = meetupHoursFromNow(ZONE, 1, 2);
  const name = `Coming ${unique()}`;
  const res = await request.post("/api/chapter_event", {
    headers: auth,
    data: {
      address1: "1 Main St",
      address2: "",
      city: "New York",
      state: "ny",
      postalCode: "10001",
      country: "USA",
      description: "",
      chapterId: chapter.id,
      name,
      isSingleDate: true,
      singleDate: meetup.date,
      dayOfWeekIndex: null,
      weeksOfMonthIndexes: "",
      startTime: meetup.weekly.startTime,
      endTime: meetup.weekly.endTime,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const slug = ((await res.json()) as { slug: string }).slug;
  try {
    await work({ slug, date: meetup.date, name });
  } finally {
    await request.delete(`/api/chapter_event/slug/${slug}`, { headers: auth });
  }
}

/** The RSVP link of each mail to `to` that carries one (from the outbox), as a mail client decodes it. */
function rsvpLinks(to: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .map((file) => fs.readFileSync(path.join(outboxDir(), file), "utf8"))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((text) => new RegExp(`^To: ${to}\\r?$`, "m").test(text))
    .flatMap((text) => /\/rsvp\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? []);
}

test.describe("who's coming, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a visitor says they are coming by the email's link: opening it changes nothing, its button counts them, and the host sees their name", async ({
    page,
    request,
  }) => {
    await withMeetup(request, async ({ slug, date, name }) => {
      const email = `visitor-${unique()}@example.org`;
      const chapter = new ChapterPage(page);
      await chapter.open("ny", "nyc");
      const rsvp = new RsvpWidget(page, slug, date);
      await expect(rsvp.going()).toHaveText("0 going");
      await rsvp.askForLink(email, "Vic Visitor");
      await expect(rsvp.result()).toHaveText("Check your email: we sent you a link to confirm.");

      await expect.poll(() => rsvpLinks(email).length, { timeout: 10_000 }).toBe(1);
      const [token] = rsvpLinks(email);
      const link = new RsvpLinkPage(page);
      await link.open(token);
      await expect(link.meetup()).toContainText(name);
      await expect(link.meetup()).toContainText("0 going");
      // Opening it again (as a mail scanner would) still records nothing.
      await link.open(token);
      await expect(link.meetup()).toContainText("0 going");
      await link.confirm().click();
      await expect(link.recorded()).toHaveText("You're going. We emailed you the meetup for your calendar.");

      await chapter.open("ny", "nyc");
      await expect(rsvp.going()).toHaveText("1 going");

      await signInAs(page, "host");
      const answers = new MeetupAnswersPage(page);
      await answers.open(slug, date);
      await expect(answers.going()).toContainText(`Vic Visitor <${email}>`);
      await expect(answers.waitlisted()).toContainText("Nobody yet.");
      expect(await answers.downloadCsv()).toContain(`"Vic Visitor","${email}","going"`);
    });
  });

  test("signed in, one click says I'm coming, and Can't make it takes it back", async ({ page, request }) => {
    await withMeetup(request, async ({ slug, date }) => {
      await signInAs(page, "user", "/chapter/ny/nyc");
      const rsvp = new RsvpWidget(page, slug, date);
      await expect(rsvp.going()).toHaveText("0 going");
      await rsvp.comingButton().click();
      await expect(rsvp.result()).toContainText("You're going. See you there!");
      await expect(rsvp.going()).toHaveText("1 going");
      await rsvp.cantMakeIt().click();
      await expect(rsvp.result()).toContainText("Thanks for letting the hosts know.");
      await expect(rsvp.going()).toHaveText("0 going");
    });
  });

  for (const scheme of ["light", "dark"] as const) {
    test.describe(`set to ${scheme}`, () => {
      test.use({ colorScheme: scheme });

      test("the count and the open email form have no accessibility violation of any impact", async ({ page, request }) => {
        await withMeetup(request, async ({ slug, date }) => {
          await new ChapterPage(page).open("ny", "nyc");
          const rsvp = new RsvpWidget(page, slug, date);
          await rsvp.comingButton().click();
          await expect(rsvp.root.getByLabel("Your email")).toBeVisible();
          const results = await axe(page).include(`[data-testid="rsvp-${slug}-${date}"]`).analyze();
          expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
        });
      });
    });
  }

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the count shows, and the email form is a plain form post that comes back with its answer", async ({ page, request }) => {
      await withMeetup(request, async ({ slug, date }) => {
        const email = `nojs-${unique()}@example.org`;
        await new ChapterPage(page).open("ny", "nyc");
        const rsvp = new RsvpWidget(page, slug, date);
        await expect(rsvp.going()).toHaveText("0 going");
        await rsvp.askForLink(email);
        await expect(page).toHaveURL(/\/chapter\/ny\/nyc$/);
        await expect(rsvp.result()).toHaveText("Check your email: we sent you a link to confirm.");
        await expect.poll(() => rsvpLinks(email).length, { timeout: 10_000 }).toBe(1);
      });
    });
  });
});
