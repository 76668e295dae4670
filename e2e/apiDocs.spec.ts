import { expect, test } from "./fixtures";
import { ApiDocsPage } from "./pages/ApiDocsPage";

/** The API's documentation page (issue 32 item 5), read as a person would, with JavaScript off: it needs none. */
test.describe("the API documentation page", () => {
  test.use({ javaScriptEnabled: false });

  test("lists each operation with its method, path, summary and shapes", async ({ page }) => {
    const docs = new ApiDocsPage(page);
    const res = await docs.open();
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("Chapterhouse API");
    await expect(page.getByRole("heading", { level: 1, name: "Chapterhouse API" })).toBeVisible();

    await docs.contentsLink("Chapters").click();
    const list = docs.operation("GET", "/api/chapters");
    await expect(list).toBeVisible();
    await expect(list.getByText("Every chapter, as summaries")).toBeVisible();
    await expect(list.getByRole("cell", { name: "sort", exact: true })).toBeVisible();

    const summary = await docs.openSchema(list, "ChapterSummary");
    await expect(summary.getByRole("heading", { name: "ChapterSummary" })).toBeVisible();
    await expect(summary.getByRole("cell", { name: "displayTitle", exact: true })).toBeVisible();
    expect(await page.locator("script").count()).toBe(0);
  });
});
