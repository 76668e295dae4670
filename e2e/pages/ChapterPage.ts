import type { Page } from "@playwright/test";
import { downloadOf } from "./downloads";
import { MailingListWidget } from "./MailingListWidget";
import { MapWidget } from "./MapWidget";

export class ChapterPage {
  readonly signup: MailingListWidget;
  /** "Map of where {chapter} meets". */
  readonly map: MapWidget;
  constructor(private readonly page: Page) {
    this.signup = new MailingListWidget(page.getByTestId("chapter-signup"));
    this.map = new MapWidget(page, /^Map of where .+ meets$/);
  }

  open(state: string, slug: string) {
    return this.page.goto(`/chapter/${state}/${slug}`);
  }

  title() {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** The chapter's type, beside its title ("Drinking Liberally"). */
  type() {
    return this.page.getByTestId("chapter-type");
  }

  /** The content of one of the head's meta tags ("og:title", "description"), as link previews read it. */
  meta(key: string) {
    return this.page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");
  }

  /** The page's JSON-LD: the chapter as an Organization, with its meetups as Events. */
  async jsonLd(): Promise<{ name: string; event: { name: string; startDate: string; location: { name: string } }[] }> {
    return JSON.parse((await this.page.locator('script[type="application/ld+json"]').first().textContent()) ?? "null");
  }

  /** Each listed meetup's "Add to Google Calendar" link (named "Add to Google Calendar: {place}, {date}"). */
  googleCalendarLinks() {
    return this.page.getByRole("link", { name: /^Add to Google Calendar: / });
  }

  /** The "Next Event" section. */
  nextEvent() {
    return this.page.getByRole("region", { name: "Next Event" });
  }

  /** The chapter's calendar as "Download .ics" gives it. */
  async downloadCalendar(): Promise<string> {
    return (await downloadOf(this.page, () => this.page.getByRole("link", { name: "Download .ics" }).click())).text;
  }

  adminTools() {
    return this.page.getByRole("link", { name: "Admin tools", exact: true });
  }

  /** The "More Upcoming Events" lines ("Tuesday, December 8, 2026, 7:00 PM: Rudy's Bar"). */
  moreUpcoming() {
    return this.page.getByTestId("more-upcoming").locator("li");
  }

  /** Opens an event's info window from the list under the map. */
  async showOnMap(eventName: string) {
    await this.page.getByRole("button", { name: `Show on map: ${eventName}` }).click();
  }

  /** The places under the map, each with "Show on map" and "Directions". */
  mapPlaces() {
    return this.page.getByRole("list", { name: "Places on the map" }).getByRole("listitem");
  }

  cancelledMeetupsOf(eventName: string) {
    return this.page.getByRole("list", { name: `Cancelled meetups of ${eventName}` });
  }

  hiddenNotice() {
    return this.page.getByTestId("hidden-chapter-notice");
  }

  /** In a hidden chapter's notice, for its hosts: who can make the chapter active. */
  whoMakesItActive() {
    return this.page.getByTestId("who-makes-it-active");
  }

  emails() {
    return this.page.getByTestId("chapter-emails");
  }

  /** What a hidden chapter's page offers visitors instead of its content: its state's chapters and the nearest active ones. */
  wayOn() {
    return this.page.getByTestId("hidden-chapter-way-on");
  }

  /** "Join the list", beside the title: a link to the signup box (#join). */
  joinTheList() {
    return this.page.getByRole("link", { name: "Join the list", exact: true });
  }

  /** The signup box's section, which "Join the list" leads to. */
  signupSection() {
    return this.page.locator("#join");
  }

  /** A hidden chapter's "Help bring it back" section: a note to its field organizer or the network. */
  revive() {
    return this.page.getByRole("region", { name: "Help bring it back" });
  }

  async sendReviveMessage(fields: { name: string; email: string; message: string }) {
    const form = this.revive();
    await form.getByLabel("Your name").fill(fields.name);
    await form.getByLabel("Your email").fill(fields.email);
    await form.getByLabel("Message").fill(fields.message);
    await form.getByRole("button", { name: "Send message" }).click();
  }

  /** The page's preview image (og:image), as link previews read it. */
  ogImage() {
    return this.meta("og:image");
  }

  nearbyChapters() {
    return this.page.getByRole("region", { name: /^Active chapters near / }).getByRole("link");
  }

  section(name: string) {
    return this.page.getByRole("heading", { level: 2, name });
  }
}
