import { expect, test } from "./fixtures";
import { ChapterPage } from "./pages/ChapterPage";
import { PUBLIC_SCREENS } from "./pages/PublicScreens";
import { WIDTHS } from "./pages/ScreenSweep";

/**
 * A newcomer's first minutes on a chapter's page: joining from a phone, with or without JavaScript, hearing what
 * comes next; on a hidden chapter's page, offering to help it meet again; and every public page's link preview.
 */
test.describe("joining a chapter's list on a phone", () => {
  test.use({ viewport: WIDTHS.phone });

  test('"Join the list" is within the first two screens and leads to the signup box', async ({ page }) => {
    const chapter = new ChapterPage(page);
    await chapter.open("tx", "austin");
    const join = chapter.joinTheList();
    await expect(join).toBeVisible();
    const box = (await join.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(2 * WIDTHS.phone.height);
    // The box itself is far further down on a phone.
    const signupTop = (await chapter.signupSection().boundingBox())!.y;
    expect(signupTop).toBeGreaterThan(2 * WIDTHS.phone.height);
    await join.click();
    await expect(page).toHaveURL(/#join$/);
    await expect(chapter.signup.email()).toBeInViewport();
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the signup lands on its answer, which says what comes next", async ({ page }) => {
      const chapter = new ChapterPage(page);
      await chapter.open("tx", "austin");
      await chapter.signup.signUp(`phone-${Date.now()}@example.org`);
      await expect(page).toHaveURL(/\/chapter\/tx\/austin#join$/);
      await expect(chapter.signup.success()).toBeInViewport();
      await expect(chapter.signup.whatNext()).toContainText(/^Next meetup: \w+day, \w+ \d+, \d{4}, \d+:\d\d [AP]M at Scholz Garten/);
      await expect(chapter.signup.whatNext()).toContainText("A welcome email with the details is on its way.");
    });
  });
});

test.describe("a hidden chapter's page", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("offers to help it meet again, a note to its field organizer, and lists the nearest active chapters", async ({ page }) => {
        const chapter = new ChapterPage(page);
        await chapter.open("tx", "dallas");
        await expect(chapter.wayOn()).toContainText("This Chapter is not active.");
        await expect(page.getByRole("link", { name: "Start a chapter here" })).toHaveCount(0);
        await expect(chapter.revive()).toContainText("Write to Priya Raman, its field organizer");
        await expect(chapter.nearbyChapters().filter({ hasText: "Austin" })).toHaveAttribute("href", "/chapter/tx/austin");

        await chapter.sendReviveMessage({ name: "Sam", email: "not-an-address", message: "I would host it." });
        await expect(page).toHaveURL(/\/chapter\/tx\/dallas#revive$/);
        await expect(chapter.revive().getByRole("alert")).toHaveText("Email is not a valid email address");
        await expect(chapter.revive().getByLabel("Message")).toHaveValue("I would host it.");

        await chapter.sendReviveMessage({ name: "Sam Rivera", email: "sam.rivera@example.org", message: "I went for years and would host it again." });
        await expect(page).toHaveURL(/\/chapter\/tx\/dallas#revive$/);
        await expect(chapter.revive()).toContainText("Thank you! Your message was sent.");
        await expect(chapter.revive()).toContainText("Priya Raman will write back to you by email.");
        await expect(chapter.revive().getByText("Thank you! Your message was sent.")).toBeInViewport();
      });
    });
  }
});

test("every public page has a preview image (og:image), an absolute URL that answers a PNG", async ({ page, request, baseURL }) => {
  const chapter = new ChapterPage(page);
  const images = new Set<string>();
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    const image = await chapter.ogImage();
    expect({ path, image }).toEqual({ path, image: expect.stringMatching(/^https?:\/\/[^/]+\/\S+\.(png|jpg)/) });
    images.add(image!);
  }
  for (const url of images) {
    const res = await request.get(new URL(new URL(url).pathname, baseURL).toString());
    expect({ url, status: res.status(), type: res.headers()["content-type"] }).toEqual({ url, status: 200, type: "image/png" });
  }
});
