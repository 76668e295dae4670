import { queryOptions, useMutation, useQueryClient, type Query } from "@tanstack/react-query";
import type {
  ActiveChapterDate,
  ChapterDetail,
  ChapterPinList,
  ChapterSummary,
  ChapterTypeInfo,
  ChapterWithEvents,
  MyChapterInfo,
  NearChaptersAnswer,
} from "../../server/contracts/chapter";
import type { ChapterSettingsInput, ChapterSettingsOptions, ResultAnswer } from "../../server/contracts/chapterAdmin";
import type { NewChapterInput, NewChapterResult } from "../../server/contracts/siteAdmin";
import { activityKeys } from "./activity";
import { api } from "./client";
import { hostApplicationKeys } from "./hostApplications";
import { get, useApiMutation } from "./queryClient";
import { allPagesOf, pagedListOptions } from "./paging";
import { ADMIN_CHAPTERS_PAGE_SIZE, CHAPTER_LIST_PAGE_SIZE, CHAPTER_PICKER_LIMIT } from "../../server/contracts/paging";
import { userKeys } from "./users";

const enc = encodeURIComponent;

export const chapterKeys = {
  all: ["chapters"] as const,
  adminList: (q: string) => [...chapterKeys.all, "adminList", q] as const,
  picker: (q: string) => [...chapterKeys.all, "picker", q] as const,
  pins: () => [...chapterKeys.all, "pins"] as const,
  activeDates: () => [...chapterKeys.all, "activeDates"] as const,
  my: () => [...chapterKeys.all, "my"] as const,
  state: (state: string) => [...chapterKeys.all, "state", state] as const,
  slug: (slug: string) => [...chapterKeys.all, "slug", slug] as const,
  id: (id: number) => [...chapterKeys.all, "id", id] as const,
  settingsOptions: () => [...chapterKeys.all, "settingsOptions"] as const,
  near: (place: string, limit: number, type: string) => [...chapterKeys.all, "near", place, limit, type] as const,
  /** What a hidden chapter's revive form answered, posted without the app (server/web/reviveChapter.ts). */
  reviveResult: (chapterId: number) => ["reviveChapterResult", chapterId] as const,
};

/** A pin row of GET /api/chapters/pins, by name. */
export interface ChapterPin {
  id: number;
  slug: string;
  /** Display title ("city: title", or the title when it is the city). */
  name: string;
  state: string;
  type: ChapterTypeInfo;
  lat: number | null;
  lng: number | null;
  /** Next date (YYYY-MM-DD), null when none is known. */
  next: string | null;
  eventName: string;
}

function decodePins({ types, pins }: ChapterPinList): ChapterPin[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  return pins.map(([id, slug, name, state, typeId, lat, lng, next, eventName]) => ({
    id,
    slug,
    name,
    state,
    type: byId.get(typeId) ?? { id: typeId, name: "", hexColor: "#888888" },
    lat,
    lng,
    next,
    eventName,
  }));
}

/** Chapters (spec 000 section 7 "Chapters"): summaries, the maps' chapters with events, one chapter in detail. */
export const chapterQueries = {
  /** The admin Chapters screen: by state, city and title, narrowed by a search, a page at a time. */
  adminList: (q: string) =>
    pagedListOptions<ChapterSummary>(chapterKeys.adminList(q), `/api/chapters?sort=state${q ? `&q=${enc(q)}` : ""}`, ADMIN_CHAPTERS_PAGE_SIZE),
  /** The chapter picker's matches for what was typed (title, city, slug or state), by display title, the first 20. */
  picker: (q: string) =>
    queryOptions({ queryKey: chapterKeys.picker(q), queryFn: get<ChapterSummary[]>(`/api/chapters?${q ? `q=${enc(q)}&` : ""}limit=${CHAPTER_PICKER_LIMIT}`) }),
  /** Every active chapter as a compact pin (the home map); a pin's details come from bySlug when it is opened. */
  pins: () => queryOptions({ queryKey: chapterKeys.pins(), queryFn: get<ChapterPinList>("/api/chapters/pins"), select: decodePins }),
  /** Every active chapter's page (slug, state) and when it last changed, its events included (the sitemap lists them). */
  activeDates: () => queryOptions({ queryKey: chapterKeys.activeDates(), queryFn: get<ActiveChapterDate[]>("/api/chapters/active/dates") }),
  /** The caller's chapters with the caller's roles in each, by display title, a page at a time. */
  my: () => pagedListOptions<MyChapterInfo>(chapterKeys.my(), "/api/chapters/my", CHAPTER_LIST_PAGE_SIZE),
  /** A state's chapters (lower-case abbreviation) with the events of the active ones: every page, as the map pins them all. */
  state: (state: string) =>
    queryOptions({
      queryKey: chapterKeys.state(state),
      queryFn: ({ signal }) => allPagesOf<ChapterWithEvents>(`/api/chapters/state/${enc(state)}`, CHAPTER_LIST_PAGE_SIZE, signal),
    }),
  /** One chapter with everything its page shows and the viewer's abilities on it. */
  bySlug: (slug: string) => queryOptions({ queryKey: chapterKeys.slug(slug), queryFn: get<ChapterDetail>(`/api/chapter/slug/${enc(slug)}`) }),
  byId: (id: number) => queryOptions({ queryKey: chapterKeys.id(id), queryFn: get<ChapterDetail>(`/api/chapter/id/${id}`) }),
  /** What the Chapter Settings form offers (types, time zones, which list id the site needs). */
  settingsOptions: () => queryOptions({ queryKey: chapterKeys.settingsOptions(), queryFn: get<ChapterSettingsOptions>("/api/chapter/settings_options") }),
  /** The active chapters nearest a place (a ZIP code or "City, ST"), nearest first; of one chapter type, or of all (""). */
  near: (place: string, limit: number, type = "") =>
    queryOptions({
      queryKey: chapterKeys.near(place, limit, type),
      queryFn: get<NearChaptersAnswer>(`/api/chapters/near?place=${enc(place)}&limit=${limit}${type ? `&type=${enc(type)}` : ""}`),
    }),
};

/**
 * Saves a chapter's settings or its about text; its slug, state and title may change everywhere it is listed.
 * When the slug changed, the answer under the old slug is left alone: asked again it would only be a 404 while
 * the screen moves to the new address.
 */
export function useSaveChapter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChapterSettingsInput) => api.post<ChapterDetail>("/api/chapter", input),
    onSuccess: (saved) => {
      const oldSlug = (q: Query) => q.queryKey[1] === "slug" && q.queryKey[2] !== saved.slug && (q.state.data as ChapterDetail | undefined)?.id === saved.id;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: chapterKeys.all, predicate: (q) => !oldSlug(q) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]);
    },
  });
}

/** The chapter's answer names its header image (with its version), so both invalidate the chapter. */
export const useUploadHeaderImage = (chapterId: number) =>
  useApiMutation(
    (file: File) => {
      const form = new FormData();
      form.append("file", file);
      form.append("chapter", String(chapterId));
      return api.upload<ResultAnswer>(`/api/chapter/header_image/${chapterId}`, form);
    },
    () => [activityKeys.all, chapterKeys.all],
  );

export const useDeleteHeaderImage = (chapterId: number) =>
  useApiMutation(
    () => api.delete<ResultAnswer>(`/api/chapter/header_image/${chapterId}`),
    () => [activityKeys.all, chapterKeys.all],
  );

/** Adds a chapter (hidden until enabled); from an application it also approves it and makes the applicant host. */
export const useAddChapter = () =>
  useApiMutation(
    (input: NewChapterInput) => api.post<NewChapterResult>("/api/chapter/new", input),
    () => [chapterKeys.all, hostApplicationKeys.all, userKeys.all, activityKeys.all],
  );
