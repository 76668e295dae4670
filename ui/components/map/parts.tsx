import { useEffect, useRef, type ReactNode } from "react";
import { INFO_WINDOW, type MapPin } from "./types";
import type { Placement } from "./cluster";
import { MAP_COLOURS } from "../../lib/palette";

/** 'Map loading...' over the map until it is ready or 3 seconds have passed (spec 000 section 4). */
export function MapLoadingOverlay() {
  return (
    <div
      role="status"
      style={{
        position: "absolute",
        inset: 0,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: MAP_COLOURS.veil,
        color: MAP_COLOURS.ink,
        fontWeight: 600,
        zIndex: 5,
      }}
    >
      Map loading...
    </div>
  );
}

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

export function ZoomButtons({ onZoomIn, onZoomOut, canZoomOut }: { onZoomIn: () => void; onZoomOut: () => void; canZoomOut: boolean }) {
  return (
    <div style={{ position: "absolute", top: 10, right: 10, display: "flex", flexDirection: "column", gap: 4, zIndex: 4 }}>
      <button type="button" aria-label="Zoom in" title="Zoom in" onClick={onZoomIn} style={buttonStyle}>
        +
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out"
        onClick={onZoomOut}
        disabled={!canZoomOut}
        style={{ ...buttonStyle, opacity: canZoomOut ? 1 : 0.5 }}
      >
        −
      </button>
    </div>
  );
}

/**
 * The info window of the selected pin: at most 400 px wide, 10 px padding, a close button; above the pin
 * when it sits low on the map, below it otherwise, always inside the map.
 */
export function InfoWindowFrame(props: {
  anchorX: number;
  anchorY: number;
  containerWidth: number;
  containerHeight: number;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { anchorX, anchorY, containerWidth, containerHeight, onClose, title, children } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [title]);
  const width = Math.min(INFO_WINDOW.maxWidth, containerWidth - 20);
  const left = Math.max(10, Math.min(anchorX - width / 2, containerWidth - width - 10));
  const above = anchorY > containerHeight * 0.55;
  const vertical = above
    ? { bottom: containerHeight - (anchorY - 42), maxHeight: anchorY - 52 }
    : { top: anchorY + 4, maxHeight: containerHeight - anchorY - 14 };
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
        left,
        width,
        ...vertical,
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
      <div style={{ paddingRight: 24 }}>{children}</div>
    </div>
  );
}

/** The accessible name of a cluster: how many chapters, and what opening it does. */
export const clusterLabel = (count: number) => `${count} chapters here: zoom in`;

/** A cluster of overlapping pins: a round button with the count; click or Enter opens it (zooms in). */
export function ClusterButton({
  cluster,
  onOpen,
}: {
  cluster: Placement<MapPin> & { kind: "cluster" };
  onOpen: (cluster: Placement<MapPin> & { kind: "cluster" }) => void;
}) {
  const count = cluster.items.length;
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 52;
  return (
    <button
      type="button"
      aria-label={clusterLabel(count)}
      title={clusterLabel(count)}
      data-cluster-count={count}
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
