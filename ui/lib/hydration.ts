import { SSR_STATE_ID } from "../../server/contracts/ssr";

let hydrated = false;

/**
 * True while React renders markup the server makes or made: on the server, and in the browser until the page
 * it rendered is hydrated. Screens that put their lower half off to a second commit (useAfterFirstPaint)
 * render in full then, as the markup has it.
 */
export function rendersServerMarkup(): boolean {
  if (typeof window === "undefined") return true;
  return !hydrated && document.getElementById(SSR_STATE_ID) !== null;
}

/** Called once the first render in the browser has committed (ui/App.tsx). */
export function markHydrated() {
  hydrated = true;
}
