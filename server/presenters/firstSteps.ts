import { FIRST_STEP_KEYS, type ChapterFirstSteps, type FirstStepKey } from "../contracts/firstSteps";
import { parseAddress } from "../integrations/mail/headers";
import type { Config } from "../config";
import type { User } from "../models/User";

/** What the server found out about a chapter for its first steps (server/routes/chapterFirstSteps.ts). */
export interface FirstStepFacts {
  hidden: boolean;
  dormant: boolean;
  done: Record<FirstStepKey, boolean>;
  /** The chapter's field organizers, longest-serving first. */
  fieldOrganizers: Pick<User, "name" | "email">[];
  /** General Settings' postal address ("" when unset). */
  postalAddress: string;
}

/**
 * The checklist as the dashboard gets it. Of a field organizer only the name and email leave the server (what the
 * Chapter Hosts screen already shows the chapter's hosts); the network's address only when the chapter has none.
 */
export function presentFirstSteps(facts: FirstStepFacts, config: Pick<Config, "mailFrom">): ChapterFirstSteps {
  const fieldOrganizers = facts.fieldOrganizers.map((u) => ({ name: u.name, email: u.email }));
  return {
    show: facts.hidden || !facts.done.listEmail,
    hidden: facts.hidden,
    dormant: facts.dormant,
    steps: FIRST_STEP_KEYS.map((key) => ({ key, done: facts.done[key] })),
    switchedOnBy: facts.hidden
      ? {
          fieldOrganizers,
          network: fieldOrganizers.length ? null : { email: parseAddress(config.mailFrom).email, postalAddress: facts.postalAddress },
        }
      : null,
  };
}
