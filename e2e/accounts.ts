/** Accounts the e2e server creates on top of the demo network. */
export const E2E_ACCOUNTS = {
  admin: { name: "Ada Admin", email: "admin@e2e.test", password: "admin-pass-1" },
  host: { name: "Hal Host", email: "host@e2e.test", password: "host-pass-1", chapterSlug: "nyc", roleId: 3 },
  fieldOrganizer: { name: "Fay Organizer", email: "fo@e2e.test", password: "fo-pass-1", chapterSlug: "nyc", roleId: 2 },
  otherHost: { name: "Otto Other", email: "other@e2e.test", password: "other-pass-1", chapterSlug: "chicago", roleId: 3 },
  user: { name: "Pat Plain", email: "plain@e2e.test", password: "plain-pass-1" },
} as const;

export type AccountName = keyof typeof E2E_ACCOUNTS;
