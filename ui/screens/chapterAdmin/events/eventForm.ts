/** The Add/Edit Event form's values, its validation (spec 001 section 5) and the body it posts. No React here. */
import { STATES, type ChapterEventInfo, type ChapterEventInput } from "../../../../server/contracts/chapter";
import { weekCodesProblem } from "../../../../server/contracts/schedule";

export interface EventFormValues {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  description: string;
  isSingleDate: boolean;
  singleDate: string;
  dayOfWeekIndex: number;
  weeks: number[];
  startTime: string;
  endTime: string;
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
  };
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function eventErrors(v: EventFormValues): EventErrors {
  const e: EventErrors = {};
  if (!v.name.trim()) e.name = "Name is Required";
  if (!v.address1.trim()) e.address1 = "Address is Required";
  if (!v.city.trim()) e.city = "City is Required";
  if (v.endTime <= v.startTime) e.endTime = "End time must be after the start time";
  if (v.isSingleDate) {
    if (!v.singleDate) e.singleDate = "Date is Required (YYYY-MM-DD)";
    else if (!isIsoDate(v.singleDate)) e.singleDate = "Date must be a real date in the form YYYY-MM-DD";
  } else {
    if (!v.weeks.length) e.weeks = "Check at least one week";
    else e.weeks = weekCodesProblem(v.weeks) ?? undefined;
    if (!e.weeks) delete e.weeks;
  }
  return e;
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
  };
}
