/** A person's own data: the download (GET /api/auth/my_data) and deleting the account. No Node imports here. */
import { z } from "zod";

export interface MyDataChapter {
  id: number;
  title: string;
  slug: string;
}

/** GET /api/auth/my_data: everything the site keeps about the account, without its password hash or any token. */
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
