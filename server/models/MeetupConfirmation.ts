import { BaseModel } from "./BaseModel";

/** A host asked to confirm one meetup of an event, and whether they did (see the migration). */
export class MeetupConfirmation extends BaseModel {
  static override tableName = "meetup_confirmations";
  static override timestamps = "created" as const;
  chapterEventId!: number;
  /** The meetup's date, "YYYY-MM-DD" in the chapter's zone. */
  date!: string;
  userId!: number;
  emailedAt!: string | null;
  confirmedAt!: string | null;
}
