import { expect, type Page } from "@playwright/test";

/** Site admin General Settings (/admin/settings). */
export class GeneralSettingsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/settings");
    await expect(this.page.getByRole("heading", { name: "General Settings" })).toBeVisible();
  }

  doubleOptIn() {
    return this.page.getByRole("checkbox", { name: "Confirm new list members by email (double opt-in)" });
  }

  /** Chakra's switch input is visually hidden: click its label. Saved at once. */
  async setDoubleOptIn(on: boolean) {
    await expect(this.doubleOptIn()).toBeEnabled();
    if ((await this.doubleOptIn().isChecked()) !== on) await this.page.locator("label", { has: this.doubleOptIn() }).click();
    await (on ? expect(this.doubleOptIn()).toBeChecked() : expect(this.doubleOptIn()).not.toBeChecked());
    await expect(this.page.getByText("Saved")).toBeVisible();
  }

  postalAddressForm() {
    return this.page.getByRole("form", { name: "Postal address" });
  }

  /** Saves the postal address printed at the foot of list emails. */
  async savePostalAddress(text: string) {
    const form = this.postalAddressForm();
    await form.getByRole("textbox", { name: "Postal Address" }).fill(text);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Saved")).toBeVisible();
  }

  networkContactForm() {
    return this.page.getByRole("form", { name: "Network contact" });
  }

  /** Who automatic mail names now (the saved contact, else the site's sending address). */
  networkContactNow() {
    return this.page.getByTestId("network-contact-now");
  }

  /** Saves the network contact; answers the field's error shown, or null when saved. */
  async saveNetworkContact(name: string, email: string): Promise<string | null> {
    const form = this.networkContactForm();
    await form.getByRole("textbox", { name: "Network Contact Name" }).fill(name);
    await form.getByRole("textbox", { name: "Network Contact Email" }).fill(email);
    await form.getByRole("button", { name: "Save" }).click();
    const error = form.getByText(/^Network Contact .* (is|are) /);
    const saved = form.getByText("Saved");
    await expect(error.or(saved)).toBeVisible();
    return (await error.isVisible()) ? await error.textContent() : null;
  }

  healthForm() {
    return this.page.getByRole("form", { name: "Chapter health" });
  }

  /** Saves the chapter health thresholds; answers the error shown, or null when saved. */
  async saveHealthThresholds(atRisk: string, dormant: string): Promise<string | null> {
    const form = this.healthForm();
    await form.getByRole("spinbutton", { name: "At risk after (days)" }).fill(atRisk);
    await form.getByRole("spinbutton", { name: "Dormant after (days)" }).fill(dormant);
    await form.getByRole("button", { name: "Save" }).click();
    const alert = form.getByRole("alert");
    const saved = form.getByText("Saved");
    await expect(alert.or(saved)).toBeVisible();
    return (await alert.isVisible()) ? await alert.textContent() : null;
  }
}
