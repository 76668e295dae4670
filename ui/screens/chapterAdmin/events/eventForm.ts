/**
 * The Add/Edit Event form's values, the body it posts, and its checks: the server's own request schema
 * (server/contracts/chapterEvent.ts, spec 001 section 5) applied to that body. No React here.
 */
import { STATES, type ChapterEventInfo, type ChapterEventInput } from "../../../../server/contracts/chapter";
import { chapterEventBodySchema } from "../../../../server/contracts/chapterEvent";
import { contractResolver, schemaErrors } from "../../../lib/forms";

export { isIsoDate } from "../../../../server/contracts/fields";

/** The event's place as the API names it, then the schedule as the form holds it. */
export interface EventFormValues extends Pick<
  ChapterEventInfo,
  "name" | "address1" | "address2" | "city" | "state" | "postalCode" | "country" | "description"
> {
  isSingleDate: boolean;
  singleDate: string;
  dayOfWeekIndex: number;
  weeks: number[];
  startTime: string;
  endTime: string;
  /** Places per meetup as typed; empty for no limit. */
  capacity: string;
}

/** A new event of a chapter starts in the chapter's state (and country, outside the US). */
export function newEventFor(chapter: { state: string; country: string }): EventFormValues {
  const state = chapter.state.toLowerCase();
  const inUs = state !== "" && state !== "int" && state in STATES;
  return { ...NEW_EVENT, state: inUs ? state : "", country: inUs ? "USA" : chapter.country };
}

export type EventField = keyof EventFormValues;
export type EventErrors = Partial<Record<EventField, string>>;

export const NEW_EVENT: EventFormValues = {
  name: "",
  address1: "",
  address2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "USA",
  description: "",
  isSingleDate: false,
  singleDate: "",
  dayOfWeekIndex: 2,
  weeks: [0],
  startTime: "19:00",
  endTime: "21:00",
  capacity: "",
};

export function valuesOf(e: ChapterEventInfo): EventFormValues {
  return {
    name: e.name,
    address1: e.address1,
    address2: e.address2,
    city: e.city,
    state: e.state.toLowerCase(),
    postalCode: e.postalCode,
    country: e.country,
    description: e.description,
    isSingleDate: e.isSingleDate,
    singleDate: e.singleDate ?? "",
    dayOfWeekIndex: e.dayOfWeekIndex ?? 2,
    weeks: e.isSingleDate ? [0] : e.weeksOfMonthIndexesArray,
    startTime: e.startTime,
    endTime: e.endTime,
    capacity: e.capacity == null ? "" : String(e.capacity),
  };
}

/** The form's messages: the server's schema on the body the form would post (any chapter id will do here). */
export function eventErrors(v: EventFormValues): EventErrors {
  return schemaErrors<EventFormValues>(chapterEventBodySchema, eventBody(v, 1), formFieldOf);
}

/** The server names fields as the API does; map them onto the form's. */
export function formFieldOf(apiField: string | undefined): EventField | undefined {
  if (!apiField) return undefined;
  if (apiField.startsWith("weeksOfMonthIndexes")) return "weeks";
  return apiField in NEW_EVENT ? (apiField as EventField) : undefined;
}

/** The POST /api/chapter_event body: create without slug, update with it. */
export function eventBody(v: EventFormValues, chapterId: number, slug?: string): ChapterEventInput {
  const weeks = [...new Set(v.weeks)].sort((a, b) => a - b);
  return {
    ...(slug ? { slug } : {}),
    chapterId,
    name: v.name.trim(),
    address1: v.address1.trim(),
    address2: v.address2.trim(),
    city: v.city.trim(),
    state: v.state,
    postalCode: v.postalCode.trim(),
    country: v.country.trim(),
    description: v.description.trim(),
    isSingleDate: v.isSingleDate,
    singleDate: v.isSingleDate ? v.singleDate : null,
    dayOfWeekIndex: v.isSingleDate ? null : v.dayOfWeekIndex,
    weeksOfMonthIndexesArray: v.isSingleDate ? [] : weeks,
    weeksOfMonthIndexes: v.isSingleDate ? "" : weeks.join(","),
    startTime: v.startTime,
    endTime: v.endTime,
    capacity: v.capacity.trim() === "" ? null : v.capacity.trim(),
  };
}

/** The form's react-hook-form resolver: the same checks as eventErrors. */
export const eventResolver = contractResolver<EventFormValues>(chapterEventBodySchema, (v) => eventBody(v, 1), formFieldOf);
