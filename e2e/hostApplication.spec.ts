import { expect, test } from "./fixtures";
import { blockOffsite, unique } from "./support";
import { StartChapterPage } from "./pages/StartChapterPage";

test("a visitor reads the intro, registers inline, applies, and sees the application in My Applications", async ({ page }) => {
  const offsite = await blockOffsite(page);
  await page.goto("/intro_start_chapter");
  await expect(page.getByText(/meets at least monthly/)).toBeVisible();
  await expect(page.getByText(/no email for two months are removed/)).toBeVisible();
  await expect(page.getByText(/45-minute orientation call/)).toBeVisible();
  await expect(page.getByText(/More than 200 chapters/)).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/start_chapter$/);
  await expect(page.getByRole("heading", { level: 1, name: "Apply to Host a New Chapter" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In", exact: true }).last()).toHaveAttribute("href", "/signin?returnUrl=%2Fstart_chapter");
  const start = new StartChapterPage(page);
  const name = `Applicant ${unique()}`;
  await start.createAccount({ name, email: `apply-${unique()}@e2e.test`, password: "apply-pass" });
  await expect(page.getByRole("link", { name: `Hi, ${name}!` })).toBeVisible();

  await expect(page.getByRole("radio", { name: "drinking" })).toBeChecked();
  await expect(start.applyButton()).toBeDisabled();
  await start.fillApplication({ city: "Burlington", state: "Vermont", reason: "" });
  await expect(start.applyButton()).toBeDisabled();
  await start.fillApplication({ city: "Burlington", state: "Vermont", type: "dining", reason: "Vermont needs a dinner club." });
  await start.applyButton().click();
  await expect(page.getByRole("heading", { name: "Great!" })).toBeVisible();
  await expect(page.getByText("We'll be in touch soon!")).toBeVisible();

  await page.goto("/my_chapter_host_applications");
  const table = page.getByTestId("my-applications");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: "VT" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "dining" })).toBeVisible();
  await table.getByRole("link", { name: "Burlington" }).click();
  const detail = page.getByTestId("application-detail");
  await expect(detail.getByText("Vermont")).toBeVisible();
  await expect(page.getByTestId("application-status")).toHaveText("Open");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/my_chapter_host_applications$/);
  expect(offsite).toEqual([]);
});

test("a server refusal is shown in a warning box", async ({ page }) => {
  await page.route("**/api/chapter_host_application", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 400, json: { error: "City is Required", errorId: "validation_failed", field: "city" } })
      : route.continue(),
  );
  const start = new StartChapterPage(page);
  await start.open();
  await start.createAccount({ name: "Refused Person", email: `refused-${unique()}@e2e.test`, password: "refused-pass" });
  await start.fillApplication({ city: "Nowhere", state: "Ohio", reason: "Because." });
  await start.applyButton().click();
  await expect(page.getByRole("alert").filter({ hasText: "City is Required" })).toBeVisible();
});

test("signup errors (an email in use) show in a warning box on the account step", async ({ page }) => {
  const start = new StartChapterPage(page);
  await start.open();
  await start.createAccount({ name: "Dup Person", email: "plain@e2e.test", password: "whatever-1" });
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
});
