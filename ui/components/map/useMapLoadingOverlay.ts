import { useEffect, useState } from "react";
import { MAP_LOADING_MAX_MS } from "./types";

/** True while the map is not ready, for at most 3 seconds. */
export function useMapLoadingOverlay(ready: boolean): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setTimedOut(true), MAP_LOADING_MAX_MS);
    return () => clearTimeout(id);
  }, []);
  return !ready && !timedOut;
}
