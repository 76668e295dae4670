import type { Modifiers, QueryBuilder, RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Chapter } from "./Chapter";
import type { CancelledDate, ConfirmedDate } from "../contracts/chapter";

/**
 * The UTC date before which every single date is past, in any zone: a date's latest start is 23:59 at UTC-12,
 * i.e. noon of the next day in UTC, and a meetup lasts at most a day (it is upcoming until it ends), so it is
 * over by noon of the day after. Two days before today (UTC) is safe;
 * the schedule engine decides the last day or two exactly (`isUpcomingEvent` in presenters/schedule.ts).
 */
export function singleDatesPastBefore(now: Date): string {
  return new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
}

export class ChapterEvent extends BaseModel {
  static override tableName = "chapter_events";
  static override booleanColumns = ["isSingleDate"];
  static override jsonAttributes = ["cancelledDates", "confirmedDates"];
  chapterId!: number;
  slug!: string;
  name!: string;
  description!: string;
  address1!: string;
  address2!: string;
  city!: string;
  state!: string;
  postalCode!: string;
  country!: string;
  lat!: number | null;
  lng!: number | null;
  /** "HH:mm", wall-clock time in the chapter's time zone. */
  startTime!: string;
  endTime!: string;
  isSingleDate!: boolean;
  /** "YYYY-MM-DD" for single-date events. */
  singleDate!: string | null;
  dayOfWeekIndex!: number | null;
  /** Comma-separated week codes, e.g. "2,4". */
  weeksOfMonthIndexes!: string;
  sequence!: number;
  /**
   * Meetups of a repeating event the hosts cancelled, by date ("YYYY-MM-DD" in the chapter's zone); `postId` is the
   * chapter post that announced one to the list (withdrawn if it is put back on).
   */
  cancelledDates!: (CancelledDate & { postId?: number })[];
  /** Meetups a host confirmed are on: the date and when. */
  confirmedDates!: ConfirmedDate[];
  /** How many may be going to each meetup (null: no limit). */
  capacity!: number | null;
  chapter?: Chapter;

  static override modifiers: Modifiers<QueryBuilder<ChapterEvent>> = {
    /** Repeating events and the single dates that may still be upcoming: what public reads load. */
    mayBeUpcoming(query) {
      query.where((q) => q.where("isSingleDate", false).orWhere("singleDate", ">=", singleDatesPastBefore(new Date())));
    },
  };

  static override relationMappings = (): RelationMappings => ({
    chapter: { relation: BaseModel.BelongsToOneRelation, modelClass: Chapter, join: { from: "chapter_events.chapterId", to: "chapters.id" } },
  });
}
