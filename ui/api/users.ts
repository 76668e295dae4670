import { queryOptions } from "@tanstack/react-query";
import type { AdminRoleUpdate, AdminUserDetail, AdminUserRow, UserCount, UserRoleFilter, UserSearchResult } from "../../server/contracts/siteAdmin";
import { activityKeys } from "./activity";
import { authKeys } from "./auth";
import { api } from "./client";
import { pagedListOptions } from "./paging";
import { USER_LIST_LIMIT } from "../../server/contracts/siteAdmin";
import { get, useApiMutation } from "./queryClient";

export const userKeys = {
  all: ["users"] as const,
  count: () => [...userKeys.all, "count"] as const,
  list: (role: UserRoleFilter | null = null) => [...userKeys.all, "list", role] as const,
  search: (term: string, role: UserRoleFilter | null = null) => [...userKeys.all, "search", term, role] as const,
  id: (id: number) => [...userKeys.all, "id", id] as const,
};

/** Users (spec 001 section 2, Users): admins see them all; chapter admins search them to give roles. */
export const userQueries = {
  count: () => queryOptions({ queryKey: userKeys.count(), queryFn: get<UserCount>("/api/user/count") }),
  /** Every account (or those holding `role`), newest first, a page of 300 at a time. */
  list: (role: UserRoleFilter | null = null) =>
    pagedListOptions<UserSearchResult>(userKeys.list(role), role ? `/api/user/all?role=${role}` : "/api/user/all", USER_LIST_LIMIT),
  /** People whose name or email contains the term (at least MIN_SEARCH_LENGTH characters), of `role` if given; a read sent as POST. */
  search: (term: string, role: UserRoleFilter | null = null) =>
    queryOptions({
      queryKey: userKeys.search(term, role),
      queryFn: () => api.post<UserSearchResult[]>(role ? `/api/user/search?role=${role}` : "/api/user/search", { search: term }),
    }),
  /** One person with their chapters. */
  byId: (id: number) => queryOptions({ queryKey: userKeys.id(id), queryFn: get<AdminUserDetail>(`/api/user/user/${id}`) }),
};

/** Makes the user an admin or removes that (the last admin is refused: errorId last_admin). Refreshes the signed-in user too. */
export const useSetAdmin = (userId: number) =>
  useApiMutation(
    (update: AdminRoleUpdate) => api.put<AdminUserRow>(`/api/user/admin/${userId}`, update),
    () => [userKeys.all, activityKeys.all, authKeys.user()],
  );
