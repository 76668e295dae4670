import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { Transform } from "./labels";

export const MAX_SCALE = 512;
export const IDENTITY: Transform = { k: 1, x: 0, y: 0 };

/**
 * The offline map's zoom and pan: `k` times its base view, moved by `x`, `y` pixels. Zoom with the buttons (x2),
 * the wheel (x1.25, about the pointer) and + and -; pan by dragging and with the arrow keys.
 */
export function useMapTransform(ref: RefObject<HTMLDivElement | null>, width: number, height: number) {
  const [t, setT] = useState<Transform>(IDENTITY);
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);

  const zoomBy = useCallback(
    (factor: number, cx = width / 2, cy = height / 2) =>
      setT((cur) => {
        const k = Math.min(MAX_SCALE, Math.max(1, cur.k * factor));
        const f = k / cur.k;
        return k === 1 ? IDENTITY : { k, x: cx - f * (cx - cur.x), y: cy - f * (cy - cur.y) };
      }),
    [width, height],
  );
  const panBy = useCallback((dx: number, dy: number) => setT((cur) => ({ ...cur, x: cur.x + dx, y: cur.y + dy })), []);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoomBy(e.deltaY < 0 ? 1.25 : 0.8, e.clientX - r.left, e.clientY - r.top);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [ref, zoomBy]);

  const handlers = {
    onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => {
      if ((e.target as HTMLElement).closest("button, a, input, form, [data-info-window]")) return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: ReactPointerEvent<HTMLDivElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 3) return;
      d.moved = true;
      d.x = e.clientX;
      d.y = e.clientY;
      panBy(dx, dy);
    },
    onPointerUp: (e: ReactPointerEvent<HTMLDivElement>) => {
      if (drag.current?.id === e.pointerId) drag.current = null;
    },
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.target !== e.currentTarget) return;
      const step = 60;
      const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      if (moves[e.key]) {
        e.preventDefault();
        panBy(...moves[e.key]);
      } else if (e.key === "+" || e.key === "=") zoomBy(2);
      else if (e.key === "-") zoomBy(0.5);
    },
  };
  return { t, setT, zoomBy, panBy, handlers, dragging: drag.current !== null };
}
