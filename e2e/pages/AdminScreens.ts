import { expect, type Page } from "@playwright/test";

/** Every screen of the site admin area (spec 001 section 2) that a phone may open. */
export const SITE_ADMIN_SCREENS = [
  "/admin",
  "/admin/settings",
  "/admin/chapter_host_applications",
  "/admin/users",
  "/admin/blog",
  "/admin/blog/add",
  "/admin/pages",
  "/admin/pages/add",
  "/admin/press_mentions",
  "/admin/press_mentions/add",
  "/admin/chapters",
  "/admin/chapters/add",
  "/admin/email",
  "/admin/wiki",
  "/admin/wiki/add",
];

/** Every section of a chapter's admin area. */
export const CHAPTER_ADMIN_SECTIONS = [
  "",
  "resources",
  "settings",
  "content",
  "hosts",
  "email",
  "events",
  "events/add",
  "members",
  "members/add",
  "links",
  "notes",
  "press_mentions",
  "press_mentions/add",
];

/** An admin screen as a phone shows it, with its folded side menu (ScreenSweep measures its width). */
export class AdminScreen {
  constructor(private readonly page: Page) {}

  /** Opens a screen and waits until it has drawn what it loads (no spinner left). */
  async open(path: string) {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(this.page.locator(".chakra-spinner")).toHaveCount(0);
  }

  menuButton() {
    return this.page.getByRole("button", { name: /^Menu/ });
  }
}
