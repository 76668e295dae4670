import { Alert, Center, Spinner } from "@chakra-ui/react";
import { Suspense, useDeferredValue, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ApiRequestError } from "../api/client";

/** A spinner with a name for screen readers: the default loading state. */
export function Loading({ label = "Loading", py = "8", minH }: { label?: string; py?: string; minH?: string }) {
  return (
    <Center py={py} minH={minH}>
      <Spinner aria-label={label} />
    </Center>
  );
}

/** A lazily loaded screen (ui/lib/lazy.ts), with the loading spinner while its code arrives. */
export function LazyScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading py="20" />}>{children}</Suspense>;
}

/** An error alert: the default error state (the server's message, or the screen's own text). */
export function LoadError({ error }: { error: ApiRequestError | Error | string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{typeof error === "string" ? error : error.message}</Alert.Title>
    </Alert.Root>
  );
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

export interface AsyncStateProps<T> {
  query: Pick<UseQueryResult<T, ApiRequestError>, "data" | "error" | "isPending">;
  /** Until the first answer arrives; a spinner labelled "Loading" when not given. */
  loading?: ReactNode;
  /** Shown instead of the content when the answer is empty (an empty list, or what isEmpty says). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** When the request failed; the error's message in an alert when not given. Never swallowed. */
  error?: ReactNode | ((error: ApiRequestError) => ReactNode);
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows what a query is doing: loading, failed, empty, or the content. Screens pass
 * the spec's texts for each state, e.g. Members: loading 'Loading Members / Loading...'.
 */
export function AsyncState<T>({ query, loading, empty, isEmpty = isEmptyList, error, children }: AsyncStateProps<T>) {
  if (query.error) return <>{typeof error === "function" ? error(query.error) : (error ?? <LoadError error={query.error} />)}</>;
  if (query.isPending || query.data === undefined) return <>{loading ?? <Loading />}</>;
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/**
 * The query with its data handed over in a background render: a screen whose answer is a large render (maps,
 * long lists) keeps answering input meanwhile, as with a transition.
 */
export function useDeferredQuery<Q extends { data: unknown }>(query: Q): Q {
  const data = useDeferredValue(query.data);
  return data === query.data ? query : { ...query, data };
}
