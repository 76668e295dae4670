import type { Page } from "@playwright/test";
import { MailingListWidget } from "./MailingListWidget";

export class ChapterPage {
  readonly signup: MailingListWidget;
  constructor(private readonly page: Page) {
    this.signup = new MailingListWidget(page.getByTestId("chapter-signup"));
  }

  open(state: string, slug: string) {
    return this.page.goto(`/chapter/${state}/${slug}`);
  }

  title() {
    return this.page.getByRole("heading", { level: 1 });
  }

  adminTools() {
    return this.page.getByRole("link", { name: "Admin tools", exact: true });
  }

  section(name: string) {
    return this.page.getByRole("heading", { level: 2, name });
  }
}
