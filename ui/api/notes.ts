import type { ChapterNoteInfo, ChapterNoteInput } from "../../server/contracts/chapterAdmin";
import type { NoteInfo } from "../../server/contracts/siteAdmin";
import { activityKeys } from "./activity";
import { api } from "./client";
import { useApiMutation } from "./queryClient";
import { pagedListOptions } from "./paging";
import { NOTES_PAGE_SIZE } from "../../server/contracts/paging";

const enc = encodeURIComponent;

export const noteKeys = {
  all: ["notes"] as const,
  chapter: (chapterId: number) => [...noteKeys.all, "chapter", chapterId] as const,
  application: (slug: string) => [...noteKeys.all, "application", slug] as const,
  user: (userId: number) => [...noteKeys.all, "user", userId] as const,
};

/** Notes kept on chapters, host applications and users (spec 001 section 2), newest first. Hosts never receive admin-only ones. */
export const noteQueries = {
  chapter: (chapterId: number) => pagedListOptions<ChapterNoteInfo>(noteKeys.chapter(chapterId), `/api/chapter_note/chapter/${chapterId}`, NOTES_PAGE_SIZE),
  application: (slug: string) =>
    pagedListOptions<NoteInfo>(noteKeys.application(slug), `/api/chapter_host_application/slug/${enc(slug)}/notes`, NOTES_PAGE_SIZE),
  user: (userId: number) => pagedListOptions<NoteInfo>(noteKeys.user(userId), `/api/user_note/user/${userId}`, NOTES_PAGE_SIZE),
};

export const useAddChapterNote = () =>
  useApiMutation(
    (input: ChapterNoteInput) => api.post<ChapterNoteInfo>("/api/chapter_note", input),
    (_note, input) => [noteKeys.chapter(input.chapterId), activityKeys.all],
  );

export const useAddApplicationNote = (slug: string) =>
  useApiMutation(
    (note: string) => api.post<NoteInfo>(`/api/chapter_host_application/slug/${enc(slug)}/notes`, { note }),
    () => [noteKeys.application(slug), activityKeys.all],
  );

export const useAddUserNote = (userId: number) =>
  useApiMutation(
    (note: string) => api.post<NoteInfo>("/api/user_note", { note, aboutUserId: userId }),
    () => [noteKeys.user(userId), activityKeys.all],
  );
