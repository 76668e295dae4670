/**
 * The desktop app's UI paths against the real server: first-run server address, sign-in with a Bearer
 * token (no cookies), admin notices as toasts and a notification click opening the host application.
 * Runs on the emulated bridge in Chromium always, and in real Electron where its binary is installed.
 */
import { expect, test, type Request } from "./fixtures";
import type { AdminNotice } from "../server/contracts/adminNotice";
import { SERVER_ADDRESS_MESSAGES } from "../electron/settings";
import { electronBinary, emulatedDesktop, launchElectronDesktop, type DesktopHarness } from "./desktopHarness";
import { DesktopApp } from "./pages/DesktopApp";

const hostApplication: AdminNotice = {
  id: 501,
  type: "host_application_created",
  title: "New host application",
  body: "Jamie Rivera wants to host a chapter in Austin, TX.",
  path: "/admin/chapter_host_applications/jamie-rivera-austin",
};
const rateLimit: AdminNotice = {
  id: 502,
  type: "alias_rate_limited",
  title: "Email alias rate limit",
  body: "Mailgun refused changes to nyc@drinkingliberally.org for now. Wait a minute and try again.",
  path: "/admin/email",
};

for (const mode of ["emulated", "electron"] as const) {
  test.describe(`desktop app (${mode})`, () => {
    test.skip(mode === "electron" && !electronBinary.ok, "The Electron binary is not installed on this machine.");

    let desktop: DesktopHarness;
    let app: DesktopApp;
    test.beforeEach(async ({ page }) => {
      desktop = mode === "emulated" ? await emulatedDesktop(page) : await launchElectronDesktop();
      app = new DesktopApp(desktop.page);
    });
    test.afterEach(async () => desktop?.close());

    test("asks for the server address on first run and refuses bad ones", async ({ baseURL }) => {
      const { page } = desktop;
      await expect(app.serverPrompt()).toBeVisible();
      await expect(app.nav()).toHaveCount(0);
      await app.enterServerAddress("ftp://chapters.example.org");
      await expect(page.getByText(SERVER_ADDRESS_MESSAGES.https)).toBeVisible();
      await app.enterServerAddress("http://127.0.0.1:9");
      await expect(page.getByText(SERVER_ADDRESS_MESSAGES.unreachable("http://127.0.0.1:9"))).toBeVisible();
      await app.enterServerAddress(baseURL!);
      await expect(app.nav().getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page.getByText("© ", { exact: false })).toBeVisible();
    });

    test("signs in with a Bearer token; no cookie is set or needed", async ({ baseURL }) => {
      const { page, context } = desktop;
      await app.connect(baseURL!);
      const apiRequests: Request[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/api/")) apiRequests.push(r);
      });
      const signinResponse = page.waitForResponse((r) => r.url().endsWith("/api/auth/signin"));
      await app.signIn("admin");
      const response = await signinResponse;
      const signinHeaders = await response.request().allHeaders();
      expect(signinHeaders["x-session-transport"]).toBe("bearer");
      expect(signinHeaders.cookie).toBeUndefined();
      const answer = (await response.json()) as { token?: string };
      expect(answer.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(await response.headerValue("set-cookie")).toBeNull();
      expect((await context.cookies()).map((c) => c.name)).not.toContain("ch_session");

      // A restart of the window: the session comes back from the token alone.
      await context.clearCookies();
      apiRequests.length = 0;
      const userRequest = page.waitForRequest((r) => r.url().endsWith("/api/auth/user"));
      await page.reload();
      const headers = await (await userRequest).allHeaders();
      expect(headers.authorization).toBe(`Bearer ${answer.token}`);
      expect(headers.cookie).toBeUndefined();
      await expect(app.nav().getByRole("link", { name: "Hi, Ada Admin!" })).toBeVisible();
      await expect(app.nav().getByRole("link", { name: "Admin Tools" })).toBeVisible();
      for (const r of apiRequests) expect((await r.allHeaders()).cookie).toBeUndefined();
    });

    test("an admin sees notices as toasts; a notification click opens the host application", async ({ baseURL }) => {
      const { page } = desktop;
      await app.connect(baseURL!);
      await app.signIn("admin");

      await desktop.deliverNotice(rateLimit);
      const warning = page.getByTestId("toast-warning").filter({ hasText: "Email alias rate limit" });
      await expect(warning).toBeVisible();
      await warning.getByRole("button", { name: "Open" }).click();
      await expect(page).toHaveURL(/\/admin\/email$/);

      await desktop.deliverNotice(hostApplication);
      const toast = page.getByTestId("toast-info").filter({ hasText: "New host application" });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("Austin, TX");

      await desktop.clickNotification(hostApplication);
      await expect(page).toHaveURL(/\/admin\/chapter_host_applications\/jamie-rivera-austin$/);
    });

    test("a field organizer gets notices too; a chapter host does not", async ({ baseURL }) => {
      const { page } = desktop;
      await app.connect(baseURL!);
      await app.signIn("fieldOrganizer");
      await desktop.deliverNotice(hostApplication);
      await expect(page.getByText("New host application")).toBeVisible();

      await app.nav().getByRole("link", { name: "Hi, Fay Organizer!" }).click();
      await page.getByRole("button", { name: "Sign Out" }).click();
      await app.signIn("host");
      await desktop.deliverNotice({ ...hostApplication, id: 503, title: "Another host application" });
      // A toast would be there at once and stay 5 seconds: look once, without retrying until it is gone.
      await page.waitForTimeout(500);
      expect(await page.getByText("Another host application").count()).toBe(0);
    });
  });
}
