import { expect, test } from "./fixtures";
import { unique } from "./support";
import { SettingsPage } from "./pages/SettingsPage";
import { SignInPage } from "./pages/SignInPage";
import { SiteHeader } from "./pages/SiteHeader";

test.describe("people own their data", () => {
  test("a new member downloads their data, deletes their account, lands signed out on the home page and cannot sign in again", async ({ page }) => {
    // An account of this test's own: the shared e2e accounts are never deleted.
    const email = `leaver-${unique()}@example.test`;
    const password = "leaving-123";
    const name = `Lee Leaver ${unique()}`;
    const signUp = await page.request.post("/api/auth/signup", { data: { name, email, password, confirmPassword: password } });
    expect(signUp.status(), await signUp.text()).toBe(201);

    const settings = new SettingsPage(page);
    await settings.open();
    await expect(page.getByText(`Signed in as ${name} (${email}).`)).toBeVisible();

    const { fileName, data } = await settings.downloadMyData();
    expect(fileName).toMatch(/^chapterhouse-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(data.account).toMatchObject({ name, email });
    expect(data.roles).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$2[aby]\$/);

    await settings.askToDelete("not-my-password", true);
    await settings.confirmDeleteRefused();
    await expect(settings.deleteDialog.root()).toContainText("That password is not right");
    await settings.deleteDialog.root().getByLabel("Password").fill(password);
    await settings.confirmDelete();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account is deleted")).toBeVisible();
    const header = new SiteHeader(page);
    await expect(header.root()).not.toContainText(`Hi, ${name}!`);
    await expect(header.link("Sign In")).toBeVisible();

    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(email, password);
    await expect(page.getByText("Oops. Either your email or password is incorrect.")).toBeVisible();
  });
});
