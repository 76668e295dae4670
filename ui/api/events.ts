import { queryOptions } from "@tanstack/react-query";
import type {
  CancelEventDateRequest,
  ChapterEventInfo,
  ChapterEventInput,
  MeetupConfirmationInfo,
  UncancelEventDateRequest,
} from "../../server/contracts/chapter";
import { activityKeys } from "./activity";
import { chapterKeys } from "./chapters";
import { mailingListKeys } from "./mailingLists";
import { platform } from "../platform";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const enc = encodeURIComponent;

const eventKeys = {
  all: ["events"] as const,
  slug: (slug: string) => [...eventKeys.all, "slug", slug] as const,
  chapterAll: (chapterId: number) => [...eventKeys.all, "chapter", chapterId, "all"] as const,
  confirmation: (token: string) => [...eventKeys.all, "confirmation", token] as const,
};

/**
 * A chapter's events (spec 001 section 2). Public lists come with the chapter (chapterQueries), upcoming ones
 * only; the admin Events list reads every event, past single dates too, so hosts can delete old ones.
 */
export const eventQueries = {
  bySlug: (slug: string) => queryOptions({ queryKey: eventKeys.slug(slug), queryFn: get<ChapterEventInfo>(`/api/chapter_event/slug/${enc(slug)}`) }),
  allForChapter: (chapterId: number) =>
    queryOptions({ queryKey: eventKeys.chapterAll(chapterId), queryFn: get<ChapterEventInfo[]>(`/api/chapter_event/chapter/${chapterId}/all`) }),
  /** The meetup a confirmation email's link asks about (reading it changes nothing). */
  confirmation: (token: string) =>
    queryOptions({
      queryKey: eventKeys.confirmation(token),
      queryFn: get<MeetupConfirmationInfo>(`/api/chapter_event/confirmation/${enc(token)}`),
      retry: false,
    }),
};

/**
 * Events show on the chapter's page, the maps and the state pages: every chapter answer may change. The event
 * itself is not asked for again while its screen closes (a deleted or renamed one would only be a 404); the
 * edit screen asks afresh when opened.
 */
const eventsChanged = () => [{ queryKey: eventKeys.all, refetchType: "none" as const }, chapterKeys.all, activityKeys.all];

export const useSaveEvent = () => useApiMutation((input: ChapterEventInput) => api.post<ChapterEventInfo>("/api/chapter_event", input), eventsChanged);

export const useDeleteEvent = () => useApiMutation((slug: string) => api.delete<unknown>(`/api/chapter_event/slug/${enc(slug)}`), eventsChanged);

/** A meetup cancelled or back on: the event's screens, every chapter answer and the chapter's emails (a notice may go out). */
const meetupChanged = (e: ChapterEventInfo) => [
  eventKeys.slug(e.slug),
  eventKeys.chapterAll(e.chapterId),
  chapterKeys.all,
  activityKeys.all,
  mailingListKeys.all,
];

/** Cancels one meetup of a repeating event, optionally emailing the list (host access). */
export const useCancelMeetup = () =>
  useApiMutation((input: CancelEventDateRequest) => api.post<ChapterEventInfo>("/api/chapter_event/cancel", input), meetupChanged);

/** Puts a cancelled meetup back on. */
export const useUncancelMeetup = () =>
  useApiMutation((input: UncancelEventDateRequest) => api.post<ChapterEventInfo>("/api/chapter_event/uncancel", input), meetupChanged);

/** The absolute address of a chapter's calendar feed, for calendar apps (the API may live elsewhere on the desktop app). */
export function calendarFeedUrl(chapterSlug: string): string {
  const base = platform.apiBase() || window.location.origin;
  return `${base}/api/chapter_calendar/${enc(chapterSlug)}/events.ics`;
}

/** Says a meetup is on: by a host on the event's page ({ slug, date }) or from a confirmation email's link ({ token }). */
export const useConfirmMeetup = () =>
  useApiMutation((input: { slug: string; date: string } | { token: string }) => api.post<ChapterEventInfo>("/api/chapter_event/confirm", input), meetupChanged);

/** Cancels the meetup of a confirmation email's link, as the host it was sent to. */
export const useCancelMeetupByToken = () =>
  useApiMutation((input: { token: string; note: string; emailList: boolean }) => api.post<ChapterEventInfo>("/api/chapter_event/cancel", input), meetupChanged);
