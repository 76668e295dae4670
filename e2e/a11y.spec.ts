import { expect, test, type Page } from "./fixtures";
import { signInAs } from "./support";
import { ChapterPicker } from "./pages/ChapterPicker";
import { SendEmailPage } from "./pages/SendEmailPage";
import { axe } from "./pages/axe";

/** `exclude`: a part axe cannot enter, such as a frame sandboxed without scripts (checked on its own terms elsewhere). */
async function seriousViolations(page: Page, exclude?: string) {
  const builder = axe(page);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}

test.describe("accessibility (axe: no serious or critical violations)", { tag: "@look" }, () => {
  test("home, with a pin's info window open", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Map of chapters and their next events" })).toHaveAttribute("data-map-ready", "true");
    await expect(page.getByTestId("blog-post").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Austin: Scholz Garten" }).click();
    await expect(page.getByRole("dialog").getByLabel("Join the mailing list")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a state page", async ({ page }) => {
    await page.goto("/chapters/tx");
    await expect(page.getByRole("region", { name: "Map of chapters in Texas" })).toHaveAttribute("data-map-ready", "true");
    await expect(page.getByTestId("state-chapters").locator("> li")).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a chapter page", async ({ page }) => {
    await page.goto("/chapter/tx/austin");
    await expect(
      page.getByText("Coming Soon! This chapter hasn't sent any e-mails yet! Stay tuned.").or(page.getByTestId("chapter-emails").locator("article").first()),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Map of where Austin meets" })).toHaveAttribute("data-map-ready", "true");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the start_chapter form, signed out and signed in", async ({ page }) => {
    await page.goto("/start_chapter");
    await expect(page.getByLabel("Full Name")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await signInAs(page, "user", "/start_chapter");
    await expect(page.getByLabel("City")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Send Email with the preview of both parts open", async ({ page }) => {
    await signInAs(page, "host");
    const send = new SendEmailPage(page, "/chapter/ny/nyc");
    await send.open();
    await page.getByRole("textbox", { name: "Title" }).fill("Trivia night");
    await send.body().fill("Join us **Tuesday** at [Rudy's](https://rudys.example/bar).");
    const preview = await send.preview();
    await expect(preview.locator("iframe").contentFrame().locator("strong")).toHaveText("Tuesday");
    // The email's own document (language, title, contrast) is checked by server/mailingLists/listEmail.test.ts.
    expect(await seriousViolations(page, "iframe")).toEqual([]);
    await preview.getByRole("tab", { name: "Plain Text" }).click();
    await expect(preview.getByTestId("email-preview-text")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the chapter picker, with its list of matches open", async ({ page }) => {
    await signInAs(page, "admin", "/admin/press_mentions/add");
    const chapter = new ChapterPicker(page.getByRole("form", { name: "Add Press Mention" }));
    await chapter.input().fill("new");
    await expect(chapter.option("New York City (NY)")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
