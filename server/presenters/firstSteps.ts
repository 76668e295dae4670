import { FIRST_STEP_KEYS, type ChapterFirstSteps, type ContactPerson, type FirstStepKey } from "../contracts/firstSteps";

/** What the server found out about a chapter for its first steps (server/routes/chapterFirstSteps.ts). */
export interface FirstStepFacts {
  hidden: boolean;
  dormant: boolean;
  done: Record<FirstStepKey, boolean>;
  /** The chapter's field organizers, longest-serving first. */
  fieldOrganizers: ContactPerson[];
  /** The network contact (networkContact: General Settings, else MAIL_FROM). */
  network: ContactPerson;
  /** General Settings' postal address ("" when unset). */
  postalAddress: string;
}

/**
 * The checklist as the dashboard gets it. Of a field organizer only the name and email leave the server (what the
 * Chapter Hosts screen already shows the chapter's hosts); the network contact only when the chapter has none. The
 * checklist stays until the chapter is on the map and every step is done.
 */
export function presentFirstSteps(facts: FirstStepFacts): ChapterFirstSteps {
  const fieldOrganizers = facts.fieldOrganizers.map((u) => ({ name: u.name, email: u.email }));
  const network = { name: facts.network.name, email: facts.network.email };
  return {
    show: facts.hidden || FIRST_STEP_KEYS.some((key) => !facts.done[key]),
    hidden: facts.hidden,
    dormant: facts.dormant,
    steps: FIRST_STEP_KEYS.map((key) => ({ key, done: facts.done[key] })),
    switchedOnBy: facts.hidden
      ? {
          fieldOrganizers,
          network: fieldOrganizers.length ? null : { ...network, postalAddress: facts.postalAddress },
        }
      : null,
    contact: fieldOrganizers[0] ?? network,
  };
}
