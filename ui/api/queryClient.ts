import {
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type InvalidateQueryFilters,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useState } from "react";
import { api, ApiRequestError } from "./client";

// Every query and mutation fails with an ApiRequestError (ui/api/client.ts turns network failures into one too).
declare module "@tanstack/react-query" {
  interface Register {
    defaultError: ApiRequestError;
  }
}

/** How long an answer counts as fresh: a screen opened again within this time shows it without asking again. */
export const STALE_TIME_MS = 5_000;

/** A 4xx answer will not change by asking again; a network error or a 5xx is retried once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * A new query cache with the UI's defaults. A factory, not a module singleton: the browser makes one per page
 * load (ui/App.tsx) and a server rendering public pages can make one per request, prefetch into it and hand its
 * dehydrated state to the client.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed read is logged, whatever the screen then shows (some public widgets show nothing, as specified).
    queryCache: new QueryCache({ onError: (error, query) => console.warn(`Could not load ${JSON.stringify(query.queryKey)}`, error) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
        // Ask even when the browser thinks it is offline (the desktop app may talk to a server on this machine):
        // a failure then shows as an error instead of a request that waits forever.
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

/** A query function that GETs an API path, typed by its contract (pass it to queryOptions as queryFn). */
export const get =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }): Promise<T> =>
    api.get<T>(path, signal);

/**
 * A write that, once it succeeds, invalidates the queries it changes (prefix keys, or filters) and waits for the
 * ones on screen to load again, so the caller continues with fresh data (as the screens did with their reloads).
 */
export function useApiMutation<TData, TVars = void>(
  mutationFn: (vars: TVars) => Promise<TData>,
  invalidates: (data: TData, vars: TVars) => Array<QueryKey | InvalidateQueryFilters>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, vars) =>
      Promise.all(
        invalidates(data, vars).map((what) =>
          queryClient.invalidateQueries(Array.isArray(what) ? { queryKey: what as QueryKey } : (what as InvalidateQueryFilters)),
        ),
      ),
  });
}

/**
 * useQuery for a form that starts from the server's answer: asks again on opening and shows no answer older
 * than that (an edit form must never start from a copy its last save made stale). Later refreshes, as after a
 * save, keep the form on screen.
 */
export function useFreshQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, ApiRequestError, TData, TKey>,
): UseQueryResult<TData, ApiRequestError> {
  const [openedAt] = useState(Date.now);
  const query = useQuery({ ...options, refetchOnMount: "always" });
  if (query.dataUpdatedAt >= openedAt || query.error) return query;
  return { ...query, data: undefined, isPending: true } as UseQueryResult<TData, ApiRequestError>;
}
