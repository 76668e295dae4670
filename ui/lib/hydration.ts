import { useLayoutEffect, useSyncExternalStore, type RefObject } from "react";

/** True on the server, and in the browser from startHydrating() until the first render has committed. */
let hydrating = typeof window === "undefined";

/**
 * True while React renders markup the server makes or made: on the server, and in the browser while it
 * hydrates a page the server rendered. Screens that put their lower half off to a second commit
 * (useAfterFirstPaint) render in full then, as the markup has it.
 */
export function rendersServerMarkup(): boolean {
  return hydrating;
}

/** The page in the document was rendered by the server and is about to be hydrated (ui/api/serverState.ts). */
export function startHydrating() {
  hydrating = true;
}

/** Called once the first render in the browser has committed (ui/App.tsx). */
export function markHydrated() {
  if (typeof window !== "undefined") hydrating = false;
}

const noSubscription = () => () => {};
/**
 * False on the server and while the browser hydrates a server-rendered page, true from then on (and from the
 * start of a page the browser renders itself): for parts that only work with JavaScript, such as a map.
 */
export const useScriptsRun = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A field of a server-rendered page that React controls keeps what was typed into it before the page was hydrated:
 * once the field is React's, its state takes the value the field shows (on a slow phone a visitor may type before
 * the script has run, and React saw none of it).
 */
export function useValueTypedEarly(field: RefObject<HTMLInputElement | null>, value: string, setValue: (typed: string) => void) {
  // Once, when the field is first in the page.
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
  }, []);
}
