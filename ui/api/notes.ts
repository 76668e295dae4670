import { queryOptions } from "@tanstack/react-query";
import type { ChapterNoteInfo, ChapterNoteInput } from "../../server/contracts/chapterAdmin";
import { activityKeys } from "./activity";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

export const noteKeys = {
  all: ["notes"] as const,
  chapter: (chapterId: number) => [...noteKeys.all, "chapter", chapterId] as const,
};

/** Notes kept on chapters (spec 001 section 2); hosts never receive admin-only ones. */
export const noteQueries = {
  chapter: (chapterId: number) => queryOptions({ queryKey: noteKeys.chapter(chapterId), queryFn: get<ChapterNoteInfo[]>(`/api/chapter_note/chapter/${chapterId}`) }),
};

export const useAddChapterNote = () =>
  useApiMutation((input: ChapterNoteInput) => api.post<ChapterNoteInfo>("/api/chapter_note", input), (_note, input) => [noteKeys.chapter(input.chapterId), activityKeys.all]);
