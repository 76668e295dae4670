import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "../api/client";

export interface Loaded<T> {
  data: T | null;
  error: ApiRequestError | null;
  loading: boolean;
  /** Loads again (after a save); keeps the current data meanwhile. */
  reload(): Promise<void>;
  setData(data: T): void;
}

/** Loads something from the API when the key changes; the loading and error states are for the screen to show. */
export function useLoad<T>(load: () => Promise<T>, key: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [loading, setLoading] = useState(true);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, key);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await run());
      setError(null);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err : new ApiRequestError(0, (err as Error).message, "client_error", undefined, null));
    } finally {
      setLoading(false);
    }
  }, [run]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, loading, reload, setData };
}
