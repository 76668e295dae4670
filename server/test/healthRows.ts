/** Rows of the chapter health table for tests, unit and browser alike (no Node imports). */
import type { ChapterHealthRow } from "../contracts/chapterHealth";

let healthRows = 0;

/** A row as the server answers it: active, its silence counted from an email. */
export function healthRow(over: Partial<ChapterHealthRow> = {}): ChapterHealthRow {
  const id = ++healthRows;
  const at = "2026-11-23T12:00:00.000Z";
  return {
    chapterId: id,
    slug: `c${id}`,
    title: `Chapter ${id}`,
    state: "ny",
    status: 1,
    health: "active",
    lastEmailAt: at,
    countedFrom: at,
    silenceFrom: "last_email",
    timeZone: "America/New_York",
    lastMeetupAt: null,
    nextMeetupAt: null,
    lastConfirmedMeetup: null,
    members: 0,
    growth30d: 0,
    hosts: [],
    pinnedActive: false,
    pinNote: "",
    dormantByRule: false,
    ...over,
  };
}
