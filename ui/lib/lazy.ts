import { lazy, type ComponentType } from "react";

/** React.lazy for a named export: lazyNamed(() => import("./X"), "X"). Keeps admin code out of the public bundle. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's own props type is not known here
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> }));
}
