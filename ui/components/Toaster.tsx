import { Suspense, useEffect, useState } from "react";
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
/** Set once the toast list is on the page. */
let show: ((...args: ToastArgs) => void) | null = null;
/** Toasts asked for before it was: shown as soon as it is. */
const waiting: ToastArgs[] = [];
const listeners = new Set<() => void>();

export function notify(...args: ToastArgs) {
  if (show) return show(...args);
  waiting.push(args);
  for (const listener of listeners) listener();
}

/**
 * Hands the toasts that waited to the list, and every later one straight to it. It runs once the list's chunk has
 * loaded and the list is on the page (ShowWaiting mounts beside it), a moment after, so its toaster is listening.
 */
async function connectList() {
  const { showToast } = await import("./ToastList");
  show = showToast;
  for (const args of waiting.splice(0)) showToast(...args);
}

function ShowWaiting() {
  useEffect(() => void connectList(), []);
  return null;
}

export function Toaster() {
  const [shown, setShown] = useState(() => show !== null);
  useEffect(() => {
    const listener = () => setShown(true);
    if (waiting.length > 0) listener();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
      <ShowWaiting />
    </Suspense>
  );
}
