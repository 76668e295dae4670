import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "./client";

/**
 * A list endpoint read a page at a time (`page` from 0, `limit`): the next page is asked for while the last one
 * was full, as the server pages every list (server/contracts/paging.ts). The key is the list's own key, so the
 * writes that invalidate the list reload every page shown.
 */
export function pagedListOptions<T>(queryKey: QueryKey, path: string, limit: number) {
  const sep = path.includes("?") ? "&" : "?";
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get<T[]>(`${path}${sep}page=${pageParam}&limit=${limit}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last: T[], all: T[][]) => (last.length < limit ? undefined : all.length),
    // A new search keeps the list shown until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every row of a list the server answers a page at a time (the chapter lists: `limit` rows a page), read page
 * after page until one is short. The first is asked for without page or limit, as any caller would.
 */
export async function allPagesOf<T>(path: string, limit: number, signal?: AbortSignal): Promise<T[]> {
  const sep = path.includes("?") ? "&" : "?";
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const batch = await api.get<T[]>(page === 0 ? path : `${path}${sep}page=${page}&limit=${limit}`, signal);
    rows.push(...batch);
    if (batch.length < limit) return rows;
  }
}

/** The pages read so far as one list (for AsyncState), with what Load More needs. */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>) {
  const query = useInfiniteQuery(options);
  const data = useMemo(() => query.data?.pages.flat(), [query.data]);
  return { ...query, data };
}
