import { queryOptions } from "@tanstack/react-query";
import type { PermissionGrant, PermissionInfo } from "../../server/contracts/chapterAdmin";
import { activityKeys } from "./activity";
import { chapterKeys } from "./chapters";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";
import { userKeys } from "./users";

const permissionKeys = {
  all: ["permissions"] as const,
  chapter: (chapterId: number) => [...permissionKeys.all, "chapter", chapterId] as const,
};

/** Chapter roles (spec 001 section 3 Permission): hosts and field organizers. */
export const permissionQueries = {
  chapter: (chapterId: number) => queryOptions({ queryKey: permissionKeys.chapter(chapterId), queryFn: get<PermissionInfo[]>(`/api/permission/${chapterId}`) }),
};

/** What a change of roles changes: the chapter's roles and hosts, the people's chapters, the feeds. */
const rolesChanged = () => [permissionKeys.all, chapterKeys.all, userKeys.all, activityKeys.all];

export const useGrantPermission = (chapterId: number) =>
  useApiMutation((grant: PermissionGrant) => api.post<PermissionInfo>(`/api/permission/${chapterId}`, grant), rolesChanged);

export const useRemovePermission = () =>
  useApiMutation((permissionId: number) => api.post<unknown>("/api/permission/delete", { id: permissionId }), rolesChanged);
