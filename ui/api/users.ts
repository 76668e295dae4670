import { queryOptions } from "@tanstack/react-query";
import type { AdminUserDetail, UserCount, UserSearchResult } from "../../server/contracts/siteAdmin";
import { api } from "./client";
import { pagedListOptions } from "./paging";
import { USER_LIST_LIMIT } from "../../server/contracts/siteAdmin";
import { get } from "./queryClient";

export const userKeys = {
  all: ["users"] as const,
  count: () => [...userKeys.all, "count"] as const,
  list: () => [...userKeys.all, "list"] as const,
  search: (term: string) => [...userKeys.all, "search", term] as const,
  id: (id: number) => [...userKeys.all, "id", id] as const,
};

/** Users (spec 001 section 2, Users): admins see them all; chapter admins search them to give roles. */
export const userQueries = {
  count: () => queryOptions({ queryKey: userKeys.count(), queryFn: get<UserCount>("/api/user/count") }),
  /** The newest USER_LIST_LIMIT users. */
  /** Every account, newest first, a page of 300 at a time. */
  list: () => pagedListOptions<UserSearchResult>(userKeys.list(), "/api/user/all", USER_LIST_LIMIT),
  /** People whose name or email contains the term (at least MIN_SEARCH_LENGTH characters); a read sent as POST. */
  search: (term: string) =>
    queryOptions({ queryKey: userKeys.search(term), queryFn: () => api.post<UserSearchResult[]>("/api/user/search", { search: term }) }),
  /** One person with their chapters. */
  byId: (id: number) => queryOptions({ queryKey: userKeys.id(id), queryFn: get<AdminUserDetail>(`/api/user/user/${id}`) }),
};
