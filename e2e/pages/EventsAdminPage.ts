import { expect, type Page } from "@playwright/test";
import { ConfirmDialog } from "./ConfirmDialog";

export interface EventInput {
  name?: string;
  address1?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  kind?: "Repeating" | "Single Date";
  day?: string;
  /** Week labels to have checked (others are unchecked). */
  weeks?: string[];
  date?: string;
  start?: string;
  end?: string;
}

const WEEK_LABELS = ["Every Week", "First", "Second", "Third", "Fourth", "Last Week of the Month", "Even Weeks", "Odd Weeks"];

/** Chapter admin Events: the list, Add Event and Edit Event (spec 001 section 2). */
export class EventsAdminPage {
  constructor(
    private readonly page: Page,
    readonly chapterPath: string,
  ) {}

  get listUrl() {
    return new RegExp(`${this.chapterPath}/admin/events$`);
  }

  async open() {
    await this.page.goto(`${this.chapterPath}/admin/events`);
    await expect(this.count()).toBeVisible();
  }

  count() {
    return this.page.getByTestId("event-count");
  }

  async eventCount(): Promise<number> {
    const text = (await this.count().textContent()) ?? "";
    const m = /^(\d+) Events for this Chapter$/.exec(text.trim());
    if (!m) throw new Error(`unexpected count text: ${text}`);
    return Number(m[1]);
  }

  item(name: string) {
    return this.page.getByTestId("event-item").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async openAdd() {
    await this.page.getByRole("link", { name: "Add Event" }).click();
    await expect(this.page.getByRole("heading", { name: "Add Event" })).toBeVisible();
  }

  async openEdit(name: string) {
    await this.page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(this.page.getByRole("heading", { name: "Edit Event" })).toBeVisible();
    await expect(this.page.getByLabel("Location")).toHaveValue(name);
  }

  async fill(input: EventInput) {
    const p = this.page;
    if (input.name !== undefined) await p.getByLabel("Location").fill(input.name);
    if (input.address1 !== undefined) await p.getByLabel(/^Address(?! 2)/).fill(input.address1);
    if (input.city !== undefined) await p.getByRole("textbox", { name: "City", exact: true }).fill(input.city);
    if (input.state !== undefined) await p.getByLabel("State").selectOption({ label: input.state });
    if (input.postalCode !== undefined) await p.getByLabel("Postal Code").fill(input.postalCode);
    if (input.kind) await p.getByRole("radio", { name: input.kind }).click();
    if (input.day) await p.getByLabel("Day of the Week").selectOption({ label: input.day });
    if (input.weeks) {
      for (const label of WEEK_LABELS) {
        const box = p.getByRole("checkbox", { name: label, exact: true });
        if (input.weeks.includes(label)) await box.check({ force: true });
        else await box.uncheck({ force: true });
      }
    }
    if (input.date !== undefined) await p.getByLabel(/^Date/).fill(input.date);
    if (input.start) await p.getByLabel("Start Time").selectOption({ label: input.start });
    if (input.end) await p.getByLabel("End Time").selectOption({ label: input.end });
  }

  weekBox(label: string) {
    return this.page.getByRole("checkbox", { name: label, exact: true });
  }

  /** Ticks one week box as a host does, leaving the others as the form sets them. */
  async tickWeek(label: string) {
    await this.weekBox(label).check({ force: true });
  }

  /** The dates the form says the event will publish, as listed ("Tuesday, December 8, 2026, 7:00pm"). */
  previewDates() {
    return this.page.getByTestId("schedule-preview").locator("li");
  }

  async save() {
    await this.page.getByRole("button", { name: "Save" }).click();
  }

  /** Asks to delete the event being edited; the confirmation dialog opens. */
  async askToDelete() {
    await this.page.getByRole("button", { name: "Danger! Irreversible!" }).click();
  }

  cancelledMeetups() {
    return this.page.getByTestId("cancelled-meetups");
  }

  /** Opens "Cancel a Date" on the edit screen and answers the dialog. */
  async openCancelDialog() {
    await this.cancelledMeetups().getByRole("button", { name: "Cancel a Date" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Cancel a Date" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Cancels one meetup (the date as the dialog lists it, e.g. "Tuesday, December 8, 2026"). */
  async cancelDate(dateLabel: string, note: string, emailList = false) {
    const dialog = await this.openCancelDialog();
    await dialog.getByRole("combobox", { name: /^Date/ }).selectOption({ label: dateLabel });
    await dialog.getByLabel("Note (optional)").fill(note);
    // The box is drawn over a visually hidden input: a host clicks its label.
    if (emailList) await dialog.getByText("Email the list about it", { exact: true }).click();
    await dialog.getByRole("button", { name: "Cancel this Meetup" }).click();
    await expect(dialog).toBeHidden();
  }

  /** The dates the Cancel a Date dialog offers, as listed. */
  async cancellableDates(): Promise<string[]> {
    const dialog = await this.openCancelDialog();
    const labels = await dialog.getByRole("combobox", { name: /^Date/ }).locator("option").allTextContents();
    await dialog.getByRole("button", { name: "Keep It" }).click();
    await expect(dialog).toBeHidden();
    return labels;
  }

  backOnDialog() {
    return new ConfirmDialog(this.page, "Put this Meetup Back On");
  }

  /** Puts a cancelled meetup back on: asks first, optionally emailing the list. */
  async uncancelDate(dateLabel: string, opts: { emailList?: boolean } = {}) {
    await this.cancelledMeetups()
      .getByRole("button", { name: `Put ${dateLabel} back on` })
      .click();
    const dialog = this.backOnDialog();
    await dialog.expectOpen(dateLabel);
    if (opts.emailList) {
      await dialog
        .root()
        .getByText(/^Email the list/)
        .click();
      await expect(dialog.root().getByRole("checkbox", { name: /^Email the list/ })).toBeChecked();
    }
    await dialog.confirm("Put Back On");
  }

  deleteConfirmation() {
    return new ConfirmDialog(this.page, "Delete this Event");
  }

  /** Deletes the event being edited, confirming in the dialog. */
  async deleteEvent() {
    await this.askToDelete();
    await this.deleteConfirmation().confirm("Delete Event");
  }

  async backToList() {
    await this.page.getByRole("link", { name: "All Events" }).click();
    await expect(this.page).toHaveURL(this.listUrl);
  }
}
