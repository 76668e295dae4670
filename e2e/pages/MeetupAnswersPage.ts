import type { Page } from "@playwright/test";
import { downloadOf } from "./downloads";

/** The chapter admin's "Who's Coming" screen for one meetup. */
export class MeetupAnswersPage {
  constructor(private readonly page: Page) {}

  open(eventSlug: string, date: string, state = "ny", slug = "nyc") {
    return this.page.goto(`/chapter/${state}/${slug}/admin/events/answers/${eventSlug}/${date}`);
  }

  going() {
    return this.page.getByTestId("answers-going");
  }

  waitlisted() {
    return this.page.getByTestId("answers-waitlisted");
  }

  notGoing() {
    return this.page.getByTestId("answers-not-going");
  }

  async downloadCsv(): Promise<string> {
    return (await downloadOf(this.page, () => this.page.getByTestId("rsvp-csv").click())).text;
  }
}
