/** A person's own data: the download (GET /api/auth/my_data) and deleting the account. No Node imports here. */
import { z } from "zod";

export interface MyDataChapter {
  id: number;
  title: string;
  slug: string;
}

/** How many rows each list of what the person did holds at most (the newest); `truncated` names the lists cut. */
export const MY_DATA_LIST_LIMIT = 5000;

/**
 * GET /api/auth/my_data: everything the site keeps about the account, without its password hash or any token or
 * session secret. One list per kind of record, each newest first where it grows with what the person does.
 */
export interface MyData {
  exportedAt: string;
  account: { id: number; name: string; email: string; username: string; createdAt: string; updatedAt: string; passwordChangedAt: string | null };
  roles: { role: string; roleId: number; chapter: MyDataChapter | null; since: string }[];
  hostApplications: {
    slug: string;
    city: string;
    state: string;
    type: string;
    reason: string;
    status: string;
    statusLabel: string;
    chapterId: number | null;
    createdAt: string;
    updatedAt: string;
  }[];
  /** The chapter lists the account's email address is on (or was on: every status is listed). */
  mailingListMemberships: {
    chapter: MyDataChapter | null;
    email: string;
    status: string;
    joinedAt: string;
    emailsSent: number;
    opens: number;
    clicks: number;
  }[];
  /** Notes the person wrote on chapters (admin-only ones too: they wrote them). */
  chapterNotes: { chapter: MyDataChapter | null; note: string; adminOnly: boolean; createdAt: string }[];
  /** The activity items of what the person did. */
  activity: { type: string; title: string; note: string; chapter: MyDataChapter | null; createdAt: string }[];
  /** The emails the person sent to a chapter's list, with how their delivery went. */
  listEmails: {
    chapter: MyDataChapter | null;
    title: string;
    body: string;
    status: string;
    recipients: number;
    sent: number;
    failed: number;
    createdAt: string;
  }[];
  /** The meetups the person was asked to confirm (by email) or confirmed, and when they confirmed them. */
  meetupConfirmations: {
    chapter: MyDataChapter | null;
    event: string | null;
    date: string;
    askedAt: string;
    emailedAt: string | null;
    confirmedAt: string | null;
  }[];
  /** The person's answers to meetups (given signed in or with their address): yes or no, where each stands, whether they came. */
  rsvps: {
    chapter: MyDataChapter | null;
    event: string | null;
    date: string;
    email: string;
    name: string;
    answer: string;
    status: string;
    answeredAt: string;
    attended: boolean;
  }[];
  /** The person's sign-ins the site still keeps (ended ones for a day): when, until when, and which one made this download. */
  sessions: { createdAt: string; expiresAt: string; signedOutAt: string | null; current: boolean }[];
  /** The lists cut at MY_DATA_LIST_LIMIT rows, with how many rows they have in all. */
  truncated: { list: string; shown: number; total: number }[];
}

/** The file name of the download, with the day it was made (YYYY-MM-DD). */
export const myDataFileName = (day: string) => `chapterhouse-my-data-${day}.json`;

/** POST /api/auth/delete_account: the password again, and whether to leave every mailing list too. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  leaveLists: z.boolean({ error: "leaveLists must be true or false" }).optional().default(false),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountSchema>;

/** Who activity items name once the person they named has deleted their account. */
export const FORMER_MEMBER = "a former member";
