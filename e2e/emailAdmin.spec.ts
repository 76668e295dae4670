import { expect, test } from "./fixtures";
import { signInAs, unique } from "./support";
import { EmailAdminPage } from "./pages/EmailAdminPage";
import type { EmailSettingsInfo } from "../server/contracts/mailingList";

test.describe("email administration", () => {
  test("an admin adds, finds, edits and deletes an alias; Escape and the backdrop close the modals", async ({ page }) => {
    const local = `alias${unique()}`;
    const address = `${local}@diningliberally.org`;
    await signInAs(page, "admin");
    const admin = new EmailAdminPage(page);
    await admin.open();
    await expect(page.getByText(/wait a minute and try again/)).toBeVisible();

    // Escape closes the modal without saving.
    await admin.openAdd();
    await page.keyboard.press("Escape");
    await expect(admin.modal()).toHaveCount(0);

    await admin.openAdd();
    const save = admin.modal().getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();
    await expect(admin.modal().getByRole("button", { name: "Remove recipient 1" })).toBeDisabled();
    await admin.fillAlias(local, "diningliberally.org", ["host@example.org", ""]);
    await expect(save).toBeEnabled();
    await admin.save();
    await expect(admin.modal()).toHaveCount(0);
    await expect(admin.row(address)).toContainText("host@example.org");

    // Search needs two characters.
    await admin.search(" a ");
    await expect(page.getByTestId("alias-error")).toHaveText("Please enter at least 2 characters to search");
    await expect(page.getByTestId("alias-row")).toHaveCount(0);
    await admin.search(local);
    await expect(page.getByTestId("alias-row")).toHaveCount(1);

    // Edit: the local part is locked.
    await page.getByRole("button", { name: `Edit ${address}` }).click();
    await expect(admin.modal().getByRole("textbox", { name: "Local part" })).toBeDisabled();
    await admin.modal().getByRole("button", { name: "Add Recipient" }).click();
    await admin.modal().getByRole("textbox", { name: "Recipient 2" }).fill("cohost@example.org");
    await admin.save();
    await expect(admin.row(address)).toContainText("host@example.org, cohost@example.org");

    // A server error is shown with the save prefix.
    await admin.openAdd();
    await admin.fillAlias(local, "diningliberally.org", ["x@example.org"]);
    await admin.save();
    await expect(
      admin
        .modal()
        .getByRole("alert")
        .or(admin.modal().getByText(/^Failed to save alias: /)),
    ).toContainText(`Failed to save alias: An alias for ${address} already exists`);
    await page.keyboard.press("Escape");

    // Delete: the backdrop closes the confirmation; then confirm.
    await page.getByRole("button", { name: `Delete ${address}` }).click();
    await expect(page.getByTestId("delete-alias-modal")).toContainText(`Are you sure you want to delete ${address}?`);
    // The dialog starts listening for outside clicks a moment after it opens (so the opening click cannot close
    // it); on a loaded machine the first click can land before that. As a person would, click again.
    await expect(async () => {
      await page.mouse.click(5, 5);
      await expect(page.getByTestId("delete-alias-modal")).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.getByRole("button", { name: `Delete ${address}` }).click();
    await page.getByTestId("delete-alias-modal").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("delete-alias-modal")).toHaveCount(0);
    await expect(admin.row(address)).toHaveCount(0);
    await expect(page.getByText("No aliases found")).toBeVisible();
  });

  test("deliverability at a glance: the records the From domain needs, and what this configuration lacks", async ({ page }) => {
    await signInAs(page, "admin");
    const admin = new EmailAdminPage(page);
    await admin.open();
    const card = admin.deliverability();
    await expect(card.getByTestId("dns-record")).toHaveCount(3);
    await expect(card.getByTestId("dns-record").nth(0)).toContainText(/^SPF at livingliberally\.org/);
    await expect(card.getByTestId("dns-record").nth(1)).toContainText(/^DKIM at \{selector\}\._domainkey\.livingliberally\.org/);
    await expect(card.getByTestId("dns-record").nth(2)).toContainText(/^DMARC at _dmarc\.livingliberally\.org/);
    // The browser tests run on http://localhost without SMTP_URL.
    await expect(card.getByRole("listitem").filter({ hasText: /^PUBLIC_URL \(http:\/\/localhost:\d+\) is not https/ })).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "SMTP_URL is not set" })).toBeVisible();
  });

  test("list delivery counts the recipients retried after a server stopped mid-send, and says what that means", async ({ page }) => {
    await signInAs(page, "admin");
    const admin = new EmailAdminPage(page);
    await admin.open();
    await expect(admin.recipientDeliveries()).toHaveText(/^List emails: \d+ recipients waiting, \d+ refused, \d+ not known, 0 retried$/);
    await expect(page.getByTestId("retried-note")).toHaveCount(0);

    // The server's answer as after such a stop: three recipients handed over again.
    await page.route(
      (url) => url.pathname === "/api/email_settings",
      async (route) => {
        const response = await route.fetch();
        const info = (await response.json()) as EmailSettingsInfo;
        await route.fulfill({ response, json: { ...info, deliveries: { ...info.deliveries, retried: 3 } } });
      },
    );
    await admin.open();
    await expect(admin.recipientDeliveries()).toHaveText(/, 3 retried$/);
    await expect(page.getByTestId("retried-note")).toContainText("went again as the same message (the same Message-ID). Nobody misses it");
  });

  test("a host is sent home from /admin/email", async ({ page }) => {
    await signInAs(page, "host");
    await page.goto("/admin/email");
    await expect(page).toHaveURL(/\/$/);
  });
});
