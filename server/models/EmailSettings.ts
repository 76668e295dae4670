import { BaseModel } from "./BaseModel";

export type EmailServiceName = "sendInBlue" | "bronto";

/**
 * The single row (id 1): which email-marketing provider the site uses, whether list signups need confirming, the
 * postal address list emails show and the network's contact.
 */
export class EmailSettings extends BaseModel {
  static override tableName = "email_settings";
  static override timestamps = "updated" as const;
  static override booleanColumns = ["listDoubleOptIn"];
  serviceName!: EmailServiceName;
  /** Double opt-in: a public list signup becomes active only once its emailed link is followed. */
  listDoubleOptIn!: boolean;
  /** The network's postal address for the footer of list emails; empty when none is set. */
  postalAddress!: string;
  /** How many hours before a meetup its hosts are asked to confirm it; 0 turns the emails off. */
  meetupConfirmHours!: number;
  /** How many hours before a meetup the people going to it are reminded; 0 turns the reminders off. */
  rsvpReminderHours!: number;
  /** Who hosts and applicants write to (Reply-To, a new host's dashboard); empty: MAIL_FROM stands in. */
  networkContactName!: string;
  networkContactEmail!: string;
}
