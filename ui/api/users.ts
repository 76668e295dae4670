import { queryOptions } from "@tanstack/react-query";
import type { UserSearchResult } from "../../server/contracts/siteAdmin";
import { api } from "./client";

export const userKeys = {
  all: ["users"] as const,
  search: (term: string) => [...userKeys.all, "search", term] as const,
};

/** Users (spec 001 section 2, Users). */
export const userQueries = {
  /** People whose name or email contains the term (at least MIN_SEARCH_LENGTH characters); a read sent as POST. */
  search: (term: string) => queryOptions({ queryKey: userKeys.search(term), queryFn: () => api.post<UserSearchResult[]>("/api/user/search", { search: term }) }),
};
