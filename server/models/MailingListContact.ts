import { BaseModel } from "./BaseModel";

export type ContactStatus = "active" | "onboarding" | "transactional" | "bounce" | "blocked" | "unconfirmed" | "unsub" | "deleted";
/** How a member joined: the chapter's sign-up form, or added by a host; null when not recorded (older members). */
export type ContactSource = "signup" | "host";

export class MailingListContact extends BaseModel {
  static override tableName = "mailing_list_contacts";
  chapterId!: number;
  email!: string;
  status!: ContactStatus;
  numSends!: number;
  numOpens!: number;
  numClicks!: number;
  unsubscribeToken!: string;
  deletedAt!: string | null;
  /** SHA-256 of the latest confirmation link (double opt-in); the link itself only goes out by mail. */
  confirmTokenHash?: string | null;
  /** When that link was sent; null once it has been followed (or when none is pending). */
  confirmRequestedAt?: string | null;
  source?: ContactSource | null;
}
