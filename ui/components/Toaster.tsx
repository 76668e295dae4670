import { Suspense, useSyncExternalStore } from "react";
import { lazyNamed } from "../lib/lazy";

/**
 * Toasts (spec 000 sections 2 and 8). Chakra's toaster (its state machine, the dismissable layers) is a chunk of its
 * own, ui/components/ToastList.tsx, loaded with the first toast: public pages never show one, so it is no part of
 * their start-up JavaScript.
 */
export type ToastType = "success" | "error" | "warning" | "info";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

type ToastArgs = [type: ToastType, title: string, description?: string, action?: ToastAction];

const ToastList = lazyNamed(() => import("./ToastList"), "ToastList");
/** Whether a toast has been asked for, so the list belongs on the page. */
let wanted = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast. It goes to Chakra's toast store as soon as the list's chunk has loaded; the list shows what the
 * store holds when it mounts (zag's toast group reads the store's visible toasts as it subscribes) and each later
 * one as it comes, so no toast depends on which of the two is first.
 */
export function notify(...args: ToastArgs) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import("./ToastList").then(({ showToast }) => showToast(...args));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
