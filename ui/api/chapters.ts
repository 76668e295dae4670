import { queryOptions } from "@tanstack/react-query";
import type { ChapterDetail, ChapterSummary, ChapterWithEvents, MyChapterInfo } from "../../server/contracts/chapter";
import { get } from "./queryClient";

const enc = encodeURIComponent;

export const chapterKeys = {
  all: ["chapters"] as const,
  list: () => [...chapterKeys.all, "list"] as const,
  active: () => [...chapterKeys.all, "active"] as const,
  my: () => [...chapterKeys.all, "my"] as const,
  state: (state: string) => [...chapterKeys.all, "state", state] as const,
  slug: (slug: string) => [...chapterKeys.all, "slug", slug] as const,
  id: (id: number) => [...chapterKeys.all, "id", id] as const,
};

/** Chapters (spec 000 section 7 "Chapters"): summaries, the maps' chapters with events, one chapter in detail. */
export const chapterQueries = {
  /** Every chapter, active or not. */
  list: () => queryOptions({ queryKey: chapterKeys.list(), queryFn: get<ChapterSummary[]>("/api/chapters") }),
  /** Active chapters with their events: what the home map pins. */
  active: () => queryOptions({ queryKey: chapterKeys.active(), queryFn: get<ChapterWithEvents[]>("/api/chapters/active") }),
  /** The caller's chapters with the caller's roles in each. */
  my: () => queryOptions({ queryKey: chapterKeys.my(), queryFn: get<MyChapterInfo[]>("/api/chapters/my") }),
  /** A state's chapters (lower-case abbreviation) with the events of the active ones. */
  state: (state: string) => queryOptions({ queryKey: chapterKeys.state(state), queryFn: get<ChapterWithEvents[]>(`/api/chapters/state/${enc(state)}`) }),
  /** One chapter with everything its page shows and the viewer's abilities on it. */
  bySlug: (slug: string) => queryOptions({ queryKey: chapterKeys.slug(slug), queryFn: get<ChapterDetail>(`/api/chapter/slug/${enc(slug)}`) }),
  byId: (id: number) => queryOptions({ queryKey: chapterKeys.id(id), queryFn: get<ChapterDetail>(`/api/chapter/id/${id}`) }),
};
