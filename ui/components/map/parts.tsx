import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { INFO_WINDOW, type MapPin } from "./types";
import type { Placement } from "./cluster";
import { placeInfoWindow } from "./infoWindowPlacement";
import { MAP_COLOURS } from "../../lib/palette";
import { MAP_ITEM_ATTRIBUTE } from "./pinKeys";

const buttonStyle = {
  width: 32,
  height: 32,
  border: `1px solid ${MAP_COLOURS.frame}`,
  background: MAP_COLOURS.paper,
  color: MAP_COLOURS.ink,
  fontSize: 20,
  lineHeight: "28px",
  cursor: "pointer",
  padding: 0,
} as const;

/** Zoom in and out, for the pointer: the keyboard zooms with + and - on the map, one Tab stop (pinKeys.ts). */
export function ZoomButtons({ onZoomIn, onZoomOut, canZoomOut }: { onZoomIn: () => void; onZoomOut: () => void; canZoomOut: boolean }) {
  return (
    <div style={{ position: "absolute", top: 10, right: 10, display: "flex", flexDirection: "column", gap: 4, zIndex: 4 }}>
      <button type="button" aria-label="Zoom in" title="Zoom in" onClick={onZoomIn} style={buttonStyle} tabIndex={-1}>
        +
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out"
        onClick={onZoomOut}
        tabIndex={-1}
        disabled={!canZoomOut}
        style={{ ...buttonStyle, opacity: canZoomOut ? 1 : 0.5 }}
      >
        −
      </button>
    </div>
  );
}

/**
 * The info window of the selected pin: at most 400 px wide, 10 px padding, a close button; always wholly inside
 * the map (placeInfoWindow), above its pin where there is room. When there is none, it asks the map to pan
 * (`onPan`) once as it opens and whenever its content grows, never while someone pans the map themselves.
 */
export function InfoWindowFrame(props: {
  anchorX: number;
  anchorY: number;
  containerWidth: number;
  containerHeight: number;
  onClose: () => void;
  onPan?: (dx: number, dy: number) => void;
  title: string;
  children: ReactNode;
}) {
  const { anchorX, anchorY, containerWidth, containerHeight, onClose, onPan, title, children } = props;
  const ref = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [contentHeight, setContentHeight] = useState(0);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [title]);
  // The content's own height (it loads in parts): measured before paint, and again as it changes.
  useLayoutEffect(() => {
    const el = contentRef.current;
    if (!el) return;
    const measure = () => setContentHeight(Math.ceil(el.offsetHeight) + 2 * INFO_WINDOW.padding);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const place = placeInfoWindow({ anchorX, anchorY, mapWidth: containerWidth, mapHeight: containerHeight, contentHeight });
  const { dx, dy } = place.pan;
  useLayoutEffect(() => {
    if (contentHeight > 0 && (dx || dy)) onPan?.(dx, dy);
    // Only as the window opens or its content changes size: panning by hand afterwards is left alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title, contentHeight]);
  return (
    // A dialog handles its own keys (Escape closes it).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-info-window
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
      style={{
        position: "absolute",
        left: place.left,
        top: place.top,
        width: place.width,
        maxHeight: place.height || undefined,
        overflow: "auto",
        // The info window holds themed content (links, the sign-up form), so it follows the colour mode.
        background: "var(--chakra-colors-bg-panel)",
        color: "var(--chakra-colors-fg)",
        borderRadius: 6,
        boxShadow: "var(--chakra-shadows-lg)",
        padding: INFO_WINDOW.padding,
        zIndex: 6,
        cursor: "auto",
        userSelect: "text",
      }}
    >
      <button
        type="button"
        aria-label="Close"
        title="Close"
        onClick={onClose}
        style={{
          position: "absolute",
          top: 4,
          right: 4,
          width: 28,
          height: 28,
          border: 0,
          background: "transparent",
          fontSize: 20,
          lineHeight: "24px",
          cursor: "pointer",
          color: "inherit",
        }}
      >
        ×
      </button>
      <div ref={contentRef} style={{ paddingRight: 24 }}>
        {children}
      </div>
    </div>
  );
}

/**
 * The accessible name of a cluster: how many chapters, and what opening it does (zoom in, or, where zooming in
 * cannot separate them, spread them around their spot).
 */
export const clusterLabel = (count: number, canZoom = true) => (canZoom ? `${count} chapters here: zoom in` : `${count} chapters at one place: show them`);

/** A cluster's tooltip (and accessible description): the first few pins in it. */
export function clusterTitle(items: { title: string }[]): string {
  const named = items.slice(0, 5).map((p) => p.title);
  return items.length > named.length ? `${named.join("; ")} and ${items.length - named.length} more` : named.join("; ");
}

/**
 * A cluster of overlapping pins: a round button with the count, drawn at the middle of its pins; click or Enter
 * opens it. It names its pins' ids (data-pin-ids), so a test can hold its place to theirs.
 */
export function ClusterButton({
  cluster,
  canZoom,
  onOpen,
}: {
  cluster: Placement<MapPin> & { kind: "cluster" };
  canZoom: boolean;
  onOpen: (cluster: Placement<MapPin> & { kind: "cluster" }) => void;
}) {
  const count = cluster.items.length;
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 52;
  const label = clusterLabel(count, canZoom);
  return (
    <button
      type="button"
      aria-label={label}
      title={clusterTitle(cluster.items)}
      data-cluster-count={count}
      tabIndex={-1}
      {...{ [MAP_ITEM_ATTRIBUTE]: "" }}
      data-pin-ids={cluster.items.map((p) => p.id).join(" ")}
      onClick={() => onOpen(cluster)}
      style={{
        position: "absolute",
        left: cluster.x - size / 2,
        top: cluster.y - size / 2,
        width: size,
        height: size,
        borderRadius: "50%",
        border: `3px solid ${MAP_COLOURS.pinOutline}`,
        background: MAP_COLOURS.cluster,
        color: MAP_COLOURS.clusterText,
        fontWeight: 700,
        fontSize: 13,
        boxShadow: `0 0 0 2px ${MAP_COLOURS.clusterHalo}`,
        cursor: "pointer",
        padding: 0,
        zIndex: 2,
      }}
    >
      {count.toLocaleString("en-US")}
    </button>
  );
}
