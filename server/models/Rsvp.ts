import type { Knex } from "knex";
import { BaseModel } from "./BaseModel";
import type { RsvpAnswer, RsvpStatus } from "../contracts/rsvp";

/** One person's answer to one meetup (an event and a date), keyed by their email address (see the migration). */
export class Rsvp extends BaseModel {
  static override tableName = "rsvps";
  static override booleanColumns = ["attended"];
  chapterEventId!: number;
  /** The meetup's date, "YYYY-MM-DD" in the chapter's zone. */
  date!: string;
  /** Lower case. */
  email!: string;
  name!: string;
  userId!: number | null;
  answer!: RsvpAnswer;
  status!: RsvpStatus;
  /** When the answer now standing was given: the waitlist's order. */
  answeredAt!: string;
  attended!: boolean;
  /** When the person going was reminded of the meetup (null: not yet); set once, by the sweep that claims it. */
  remindedAt!: string | null;

  /** A person's answers: those given signed in, and those given with their address. */
  static ofPerson(user: { id: number; email: string }, trx?: Knex.Transaction) {
    return Rsvp.query(trx).where((q) => q.where({ userId: user.id }).orWhere({ email: user.email.toLowerCase() }));
  }
}
