import { startTransition, useCallback, useEffect, useState } from "react";
import { api, ApiRequestError } from "../api/client";

export interface ApiGet<T> {
  data: T | null;
  error: ApiRequestError | null;
  loading: boolean;
  reload: () => void;
}

/** GETs an API path (null: nothing yet) and keeps its answer, error and loading state. */
export function useApiGet<T>(path: string | null): ApiGet<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiRequestError | null; loading: boolean }>({ data: null, error: null, loading: Boolean(path) });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    api
      .get<T>(path, ctrl.signal)
      // A transition: rendering what arrived is sliced into short tasks and never blocks input.
      .then((data) => startTransition(() => setState({ data, error: null, loading: false })))
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        const e = err instanceof ApiRequestError ? err : new ApiRequestError(0, String(err), "network_error", undefined, null);
        setState({ data: null, error: e, loading: false });
      });
    return () => ctrl.abort();
  }, [path, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
