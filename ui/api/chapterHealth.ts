import { queryOptions } from "@tanstack/react-query";
import type { ChapterHealthList, ChapterHealthSettings } from "../../server/contracts/chapterHealth";
import { activityKeys } from "./activity";
import { chapterKeys } from "./chapters";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

export const healthKeys = {
  all: ["chapterHealth"] as const,
  table: () => [...healthKeys.all, "table"] as const,
  settings: () => [...healthKeys.all, "settings"] as const,
};

/** Chapter health (issue 16): the table (admins every chapter, field organizers theirs) and the thresholds. */
export const healthQueries = {
  table: () => queryOptions({ queryKey: healthKeys.table(), queryFn: get<ChapterHealthList>("/api/chapter_health/summary") }),
  settings: () => queryOptions({ queryKey: healthKeys.settings(), queryFn: get<ChapterHealthSettings>("/api/chapter_health/settings") }),
};

/** The table as CSV text, as the server writes it (a download the screen saves). */
export const fetchHealthCsv = () => api.get<string>("/api/chapter_health/export.csv");

const changed = () => [healthKeys.all, chapterKeys.all, activityKeys.all];

export const useSaveHealthSettings = () =>
  useApiMutation((input: ChapterHealthSettings) => api.post<ChapterHealthSettings>("/api/chapter_health/settings", input), changed);
export const usePinChapter = () =>
  useApiMutation((input: { chapterId: number; pinned: boolean; note: string }) => api.post("/api/chapter_health/pin", input), changed);
export const useReactivateChapter = () =>
  useApiMutation((input: { chapterId: number; note: string }) => api.post("/api/chapter_health/reactivate", input), changed);
