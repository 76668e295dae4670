import { useEffect, useState } from "react";
import { api, ApiRequestError } from "../api/client";

/**
 * The pages opened from a link in an email (unsubscribe, confirm a list signup): GET `path` shows what the link
 * is about, and `act()` POSTs to it on the person's click. A 404 reads as `invalidText`.
 */
export function useEmailedLink<T>(path: string, invalidText: string) {
  const [info, setInfo] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const explain = (err: unknown) => (err instanceof ApiRequestError && err.status === 404 ? invalidText : "Something went wrong. Please try again.");

  useEffect(() => {
    api.get<T>(path).then(setInfo, (err) => setError(explain(err)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  const act = async () => {
    setBusy(true);
    try {
      setInfo(await api.post<T>(path));
    } catch (err) {
      setError(explain(err));
    } finally {
      setBusy(false);
    }
  };
  return { info, error, busy, act };
}
