import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { Chapter } from "./Chapter";

export class ChapterEvent extends BaseModel {
  static override tableName = "chapter_events";
  static override booleanColumns = ["isSingleDate"];
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
  chapter?: Chapter;

  static override relationMappings = (): RelationMappings => ({
    chapter: { relation: BaseModel.BelongsToOneRelation, modelClass: Chapter, join: { from: "chapter_events.chapterId", to: "chapters.id" } },
  });
}
