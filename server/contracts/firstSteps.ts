/**
 * A new host's first steps (issues 29 and 41), GET /api/chapter/first_steps/{id}: what the chapter dashboard shows
 * while the chapter is hidden or any step is not done. Shared by server and UI. No Node imports here.
 */

/** The steps, in the order the dashboard lists them. */
export const FIRST_STEP_KEYS = ["about", "event", "headerImage", "listEmail"] as const;
export type FirstStepKey = (typeof FIRST_STEP_KEYS)[number];

/** What each step asks of the host, as the checklist says it. */
export const FIRST_STEP_LABELS: Record<FirstStepKey, string> = {
  about: 'Write a few lines for "About this Chapter"',
  event: "Add your first event",
  headerImage: "Upload a header image",
  listEmail: "Send a first email to your mailing list",
};

/** The dashboard's sentence for a hidden chapter (the approval email says the same). */
export const HIDDEN_UNTIL_SWITCHED_ON = "Your chapter is hidden until a field organizer or admin switches it on";

interface FirstStep {
  key: FirstStepKey;
  done: boolean;
}

/** Someone a host may write to about switching the chapter on. */
export interface ContactPerson {
  name: string;
  email: string;
}

/** Who switches a hidden chapter on: its field organizers, or, when it has none, the network contact. */
export interface SwitchedOnBy {
  /** The chapter's field organizers, longest-serving first; empty when it has none. */
  fieldOrganizers: ContactPerson[];
  /**
   * Only when the chapter has no field organizer: the network contact (General Settings, else MAIL_FROM) and
   * General Settings' postal address ("" when unset).
   */
  network: { name: string; email: string; postalAddress: string } | null;
}

export interface ChapterFirstSteps {
  /** Whether the dashboard shows the checklist: while the chapter is hidden or any step is not done. */
  show: boolean;
  /** Not on the map (status Hidden). */
  hidden: boolean;
  /** Hidden by the two-month rule rather than by hand: a list email brings it back too. */
  dormant: boolean;
  steps: FirstStep[];
  /** Only while hidden: who can switch it on. */
  switchedOnBy: SwitchedOnBy | null;
  /** Who the chapter's hosts write to with questions: its longest-serving field organizer, else the network contact. */
  contact: ContactPerson;
}
