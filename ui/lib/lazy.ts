import { createContext, createElement, lazy, useContext, useState, type ComponentType } from "react";

/** Lazily loaded components by name, so a server-rendered page can name the ones it shows (see preloadLazy). */
const loaders = new Map<string, (() => Promise<void>) | null>();

/** Collects the names of lazily loaded components a render shows (the server's render of a public page). */
export const LazyShown = createContext<Set<string> | null>(null);

/**
 * React.lazy for a named export: lazyNamed(() => import("./X"), "X"). Keeps admin code out of the public bundle.
 * Once its module has loaded (preloadLazy, or the component's own `preload()`), a new instance renders the
 * component at once instead of suspending: a page the server rendered then hydrates in one pass, nothing typed
 * into it meanwhile is lost, and no Suspense boundary holds back what it reveals (React throttles a boundary that
 * suspended, showing its content up to 300 ms after the module arrived).
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's own props type is not known here
  type Screen = ComponentType<any>;
  let loaded: Screen | null = null;
  const resolve = async () => (loaded = (await load())[name] as Screen);
  let preloading: Promise<void> | null = null;
  const Lazy = lazy(async () => ({ default: await resolve() }));
  // Two components of one name (admin and chapter admin screens) cannot be told apart by name: never preloaded.
  loaders.set(name, loaders.has(name) ? null : async () => void (await resolve()));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  function LazyNamed(props: any) {
    useContext(LazyShown)?.add(name);
    // Decided once per instance: switching from the lazy wrapper to the component would remount it.
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy, props);
  }
  LazyNamed.displayName = `Lazy(${name})`;
  /**
   * Starts loading the module (once), so instances mounted after it has loaded render without suspending. Never
   * rejects: a failed load is forgotten (a later call, or the mount itself, tries again and shows its error).
   */
  LazyNamed.preload = (): Promise<void> =>
    (preloading ??= resolve().then(
      () => undefined,
      () => void (preloading = null),
    ));
  return LazyNamed;
}

/** Loads the named lazy components (those the server rendered into the page) before the page is hydrated. */
export async function preloadLazy(names: string[]): Promise<void> {
  await Promise.all(
    names.map((n) =>
      loaders
        .get(n)?.()
        .catch(() => undefined),
    ),
  );
}
