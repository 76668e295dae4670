import { expect, type Locator, type Page } from "@playwright/test";
import { FIRST_STEP_KEYS, type ChapterFirstSteps, type FirstStepKey } from "../../server/contracts/firstSteps";

/** The chapter admin Dashboard (/chapter/{state}/{slug}/admin): a new host's First Steps and the Recent Activity Feed. */
export class ChapterDashboardPage {
  constructor(
    readonly page: Page,
    readonly state: string,
    readonly slug: string,
  ) {}

  get basePath() {
    return `/chapter/${this.state}/${this.slug}/admin`;
  }

  /**
   * Opens the dashboard and waits until both of its reads have arrived and shown (the first steps render nothing
   * while they load): answers what the server said about the first steps.
   */
  async open(): Promise<ChapterFirstSteps> {
    const answer = this.page.waitForResponse((r) => /\/api\/chapter\/first_steps\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === "GET");
    await this.page.goto(this.basePath);
    const body = (await (await answer).json()) as ChapterFirstSteps;
    await expect(this.page.getByRole("heading", { name: "Recent Activity Feed" })).toBeVisible();
    await expect(this.firstSteps()).toHaveCount(body.show ? 1 : 0);
    return body;
  }

  firstSteps(): Locator {
    return this.page.getByRole("region", { name: "First Steps", exact: true });
  }

  step(key: FirstStepKey): Locator {
    return this.firstSteps().locator(`[data-testid="first-step"][data-step="${key}"]`);
  }

  /** The link to the screen where a step not done yet is done (none once it is). */
  stepLink(key: FirstStepKey): Locator {
    return this.step(key).getByRole("link");
  }

  /** Each step, done or not, as the checklist shows it (its badge's text). */
  async stepsDone(): Promise<Record<FirstStepKey, boolean>> {
    await expect(this.page.getByTestId("first-step")).toHaveCount(FIRST_STEP_KEYS.length);
    const entries = await Promise.all(
      FIRST_STEP_KEYS.map(async (key) => {
        const badge =
          (await this.step(key)
            .getByText(/^(Done|Not done yet)$/)
            .textContent()) ?? "";
        return [key, badge === "Done"] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<FirstStepKey, boolean>;
  }

  /** "Your chapter is hidden until ...", with who switches it on. */
  hiddenNotice(): Locator {
    return this.page.getByTestId("hidden-until-switched-on");
  }

  switchedOnBy(): Locator {
    return this.page.getByTestId("switched-on-by");
  }

  /** "Questions? Write to ...": who a visible chapter's hosts ask (its field organizer, else the network contact). */
  contact(): Locator {
    return this.page.getByTestId("first-steps-contact");
  }
}
