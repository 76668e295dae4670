/**
 * How each demo chapter has lived (issue 32 item 6, docs/decisions.md "A demo that shows the product alive"): when
 * it was founded, how big its list is, how often its hosts email it and when they last did. seed/demoHistory.ts
 * turns these into rows with past dates, relative to the day the demo is seeded.
 */
export interface DemoProfile {
  /** Days before the seed the chapter was created (its events meet from then on). */
  foundedDaysAgo: number;
  /** List members today. */
  members: number;
  /** The share of today's members who left over the last year. */
  churn: number;
  /** List emails a month before the last one (0: the last one is the only one). */
  emailsPerMonth: number;
  /** When the newest list email went out; by default 7 to 26 days ago (every chapter's "This month at ..."). */
  lastEmailDaysAgo?: number;
}

const YEAR = 365;

/** The demo's chapters by slug: most founded years ago, three this fall, one new and not yet switched on. */
export const DEMO_PROFILES: Record<string, DemoProfile> = {
  nyc: { foundedDaysAgo: 22 * YEAR + 40, members: 160, churn: 0.2, emailsPerMonth: 3 },
  brooklyn: { foundedDaysAgo: 20 * YEAR + 100, members: 90, churn: 0.2, emailsPerMonth: 2 },
  boston: { foundedDaysAgo: 19 * YEAR + 200, members: 110, churn: 0.15, emailsPerMonth: 2 },
  philadelphia: { foundedDaysAgo: 17 * YEAR + 10, members: 70, churn: 0.2, emailsPerMonth: 1.5 },
  // Dormant: silent for 80 days, the rule took it off the map.
  pittsburgh: { foundedDaysAgo: 15 * YEAR + 60, members: 35, churn: 0.5, emailsPerMonth: 1, lastEmailDaysAgo: 80 },
  washington_dc: { foundedDaysAgo: 21 * YEAR + 300, members: 140, churn: 0.15, emailsPerMonth: 2 },
  // At risk: six to seven weeks without a list email.
  atlanta: { foundedDaysAgo: 12 * YEAR + 30, members: 45, churn: 0.3, emailsPerMonth: 1, lastEmailDaysAgo: 47 },
  miami: { foundedDaysAgo: 10 * YEAR + 150, members: 40, churn: 0.25, emailsPerMonth: 1 },
  chicago: { foundedDaysAgo: 20 * YEAR + 250, members: 130, churn: 0.15, emailsPerMonth: 2 },
  madison: { foundedDaysAgo: 16 * YEAR + 5, members: 40, churn: 0.3, emailsPerMonth: 1, lastEmailDaysAgo: 44 },
  austin: { foundedDaysAgo: 10 * YEAR + 20, members: 85, churn: 0.2, emailsPerMonth: 2 },
  houston: { foundedDaysAgo: 11 * YEAR + 90, members: 60, churn: 0.2, emailsPerMonth: 1.5 },
  // New, hidden until a field organizer switches it on.
  dallas: { foundedDaysAgo: 25, members: 6, churn: 0, emailsPerMonth: 0 },
  // Emails rarely: one post so far (e2e: "a lone chapter post has no Load More").
  denver: { foundedDaysAgo: 6 * YEAR + 200, members: 50, churn: 0.2, emailsPerMonth: 0 },
  phoenix: { foundedDaysAgo: 8 * YEAR + 70, members: 30, churn: 0.3, emailsPerMonth: 1, lastEmailDaysAgo: 50 },
  los_angeles: { foundedDaysAgo: 18 * YEAR + 120, members: 100, churn: 0.2, emailsPerMonth: 2 },
  san_francisco: { foundedDaysAgo: 19 * YEAR + 330, members: 120, churn: 0.2, emailsPerMonth: 2 },
  oakland: { foundedDaysAgo: 75, members: 25, churn: 0, emailsPerMonth: 2 },
  seattle: { foundedDaysAgo: 17 * YEAR + 180, members: 95, churn: 0.2, emailsPerMonth: 2 },
  portland: { foundedDaysAgo: 14 * YEAR + 45, members: 60, churn: 0.2, emailsPerMonth: 1 },
  anchorage: { foundedDaysAgo: 7 * YEAR + 260, members: 20, churn: 0.2, emailsPerMonth: 1 },
  honolulu: { foundedDaysAgo: 90, members: 18, churn: 0, emailsPerMonth: 1 },
  san_juan: { foundedDaysAgo: 60, members: 22, churn: 0, emailsPerMonth: 1 },
  london: { foundedDaysAgo: 13 * YEAR + 15, members: 55, churn: 0.2, emailsPerMonth: 1 },
};
