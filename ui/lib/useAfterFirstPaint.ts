import { startTransition, useEffect, useState } from "react";
import { rendersServerMarkup } from "./hydration";

/**
 * False on the first render, true soon after (as a transition, in a task of its own): lets a screen put its
 * top on the page first and the rest in a second, separate commit, so no single task grows long.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(rendersServerMarkup);
  useEffect(() => {
    const id = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(id);
  }, []);
  return ready;
}
