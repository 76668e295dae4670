import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { clusterPoints, zoomToOpen, type Placement } from "./cluster";
import { ClusterButton, InfoWindowFrame, ZoomButtons } from "./parts";
import { MapLoadingOverlay } from "./MapLoadingOverlay";
import { outlineNamesOf, PIN_HIT, type ChapterMapProps, type MapPin } from "./types";
import { useOutline } from "./outlines";
import { useMapLoadingOverlay } from "./useMapLoadingOverlay";
import { buildProjections, POINT_START_ZOOM } from "./projection";
import { placeLabels } from "./labels";
import { CITIES } from "./cities";
import { MapLabels, SpreadLines } from "./MapLabels";
import { PinButton } from "./PinButton";
import { IDENTITY, MAX_SCALE, useMapTransform } from "./useMapTransform";
import { MAP_COLOURS } from "../../lib/palette";
import { handlePinKey, MAP_KEYS_HINT } from "./pinKeys";

function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** The state (or US) outline files the map draws; null while loading, and after a failure (drawn without). */
function useOutlines(view: ChapterMapProps["view"]) {
  const [name = null, inset = null] = outlineNamesOf(view);
  const main = useOutline(name);
  const pr = useOutline(inset);
  // Drawing the outlines is a large render: it runs in the background, never blocking input.
  const done = main.done && pr.done;
  const outlines = useMemo(() => ({ main: main.outline, pr: pr.outline, done }), [main.outline, pr.outline, done]);
  return useDeferredValue(outlines);
}

type Cluster = Placement<MapPin> & { kind: "cluster" };
const LAND = { fill: MAP_COLOURS.land, stroke: MAP_COLOURS.border } as const;
/** A pin at its place on the unzoomed map (base pixels), in the Puerto Rico inset or not. */
type Projected = { item: MapPin; x: number; y: number; inset: boolean };

/** Zooming in separates a cluster's pins unless they are in the inset, fully zoomed in, or share one spot. */
function separable(members: Projected[], k: number): boolean {
  if (!members.length || members[0].inset || k >= MAX_SCALE / 1.01) return false;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of members) [x0, y0, x1, y1] = [Math.min(x0, p.x), Math.min(y0, p.y), Math.max(x1, p.x), Math.max(y1, p.y)];
  return (x1 - x0) * k > 0.01 || (y1 - y0) * k > 0.01;
}

/**
 * Our own map: state outlines drawn as SVG from the Census-derived outline files, with the names of states and
 * (as it zooms in) cities; pins as buttons, each at its own place, overlapping ones as a cluster; zoom (buttons,
 * wheel, keys) and pan (drag, arrow keys). Needs no key and no network beyond our server.
 */
export function OfflineMap(props: ChapterMapProps) {
  const { view, pins, height, zoom, focus, selectedPinId, onSelectPin, renderInfo, label } = props;
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const outlines = useOutlines(view);
  const { t, setT, zoomBy, panBy, handlers, dragging } = useMapTransform(ref, width, height);
  const lastFocusedPin = useRef<HTMLButtonElement | null>(null);
  const hintId = useId();

  // Keyed by the view's value: pages pass a new view object each render (opening a pin must not reset the map).
  const viewKey = JSON.stringify(view);
  const proj = useMemo(
    () => (width > 0 ? buildProjections(view, outlines.main, outlines.pr, width, height) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [viewKey, outlines.main, outlines.pr, width, height],
  );
  const main = proj?.main ?? null;
  const ready = Boolean(proj && outlines.done);
  const showOverlay = useMapLoadingOverlay(ready);

  // A new view starts unzoomed; a single place (a chapter's map) starts zoomed in on it.
  useEffect(() => {
    if (view.kind === "point" && main) {
      const p = main.projection([view.center.lng, view.center.lat]);
      const k = POINT_START_ZOOM;
      if (p) return setT({ k, x: width / 2 - k * p[0], y: height / 2 - k * p[1] });
    }
    setT(IDENTITY);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey, proj]);

  // Recentre on a place (search, geolocation): the view's fit counts as `zoom`, each level doubles.
  useEffect(() => {
    if (!focus || !main) return;
    const p = main.projection([focus.lng, focus.lat]);
    if (!p) return;
    const k = Math.min(MAX_SCALE, Math.max(1, 2 ** (focus.zoom - zoom)));
    setT({ k, x: width / 2 - k * p[0], y: height / 2 - k * p[1] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key, proj]);

  // Pins projected once per view and size; Puerto Rico goes to its inset; places with no spot on this map are left to the list.
  const projected = useMemo(() => {
    if (!proj) return [];
    const out: Projected[] = [];
    for (const pin of pins) {
      const inInset = Boolean(view.kind === "us" && pin.state === "pr" && proj.inset);
      const p = inInset ? proj.inset!.projection([pin.lng, pin.lat]) : proj.main?.projection([pin.lng, pin.lat]);
      if (p) out.push({ item: pin, x: p[0], y: p[1], inset: inInset });
    }
    return out;
  }, [proj, pins, view.kind]);
  const baseById = useMemo(() => new Map(projected.map((p) => [p.item.id, p])), [projected]);
  const membersOf = (cluster: Cluster) => cluster.items.map((pin) => baseById.get(pin.id)!).filter(Boolean);

  // Overlaps depend on the zoom only: clustered again when it changes, moved (not regrouped) when panning. Clusters
  // opened where zooming in cannot separate them are spread until the zoom changes. The selected pin always stands
  // at its own place, so "Show on map" opens it even where it would be in a cluster.
  const [expanded, setExpanded] = useState<{ k: number; keys: ReadonlySet<string> }>({ k: 0, keys: new Set() });
  const grouped = useMemo(() => {
    const options = {
      size: PIN_HIT,
      keyOf: (pin: MapPin) => pin.id,
      expanded: expanded.k === t.k ? expanded.keys : undefined,
      alone: (pin: MapPin) => pin.id === selectedPinId,
    };
    const onMain = projected.filter((p) => !p.inset).map((p) => ({ item: p.item, x: p.x * t.k, y: p.y * t.k }));
    return {
      main: clusterPoints(onMain, options),
      inset: clusterPoints(
        projected.filter((p) => p.inset),
        options,
      ),
    };
  }, [projected, t.k, expanded, selectedPinId]);
  const placed: Placement<MapPin>[] = useMemo(() => {
    const shift = <P extends { x: number; y: number }>(p: P): P => ({ ...p, x: p.x + t.x, y: p.y + t.y });
    return [...grouped.main.map((p) => (p.kind === "pin" && p.from ? { ...shift(p), from: shift(p.from) } : shift(p))), ...grouped.inset];
  }, [grouped, t.x, t.y]);

  const zoomable = useMemo(() => {
    const out = new Map<string, boolean>();
    for (const c of [...grouped.main, ...grouped.inset]) if (c.kind === "cluster") out.set(c.key, separable(membersOf(c), t.k));
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grouped]);

  const selected = placed.find((p): p is Placement<MapPin> & { kind: "pin" } => p.kind === "pin" && p.item.id === selectedPinId) ?? null;
  const visible = placed.filter((p) => p.x > -20 && p.x < width + 20 && p.y > 0 && p.y < height + 40);

  const labels = useMemo(() => {
    if (!main || !proj) return [];
    // Names keep clear of the zoom buttons, the inset and the pins (a marker is drawn above its spot).
    const reserved = [{ x: width - 52, y: 0, w: 52, h: 90 }];
    if (proj.inset) reserved.push({ ...proj.inset.box, h: proj.inset.box.h + 16 });
    for (const p of visible) reserved.push(p.kind === "pin" ? { x: p.x - 14, y: p.y - 40, w: 28, h: 40 } : { x: p.x - 20, y: p.y - 20, w: 40, h: 40 });
    return placeLabels({ states: proj.shapes, cities: CITIES, projection: main.projection, t, width, height, kmPerPx: main.kmPerPx, reserved });
    // `visible` follows `t`, `width` and `height`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [main, proj, t, width, height, placed]);

  /** Opens a cluster: zooms in on it until its pins separate (keeping them all in sight), or spreads them where zooming cannot. */
  const handleOpenCluster = (cluster: Cluster) => {
    const members = membersOf(cluster);
    const factor = separable(members, t.k)
      ? zoomToOpen(
          members.map((p) => ({ x: p.x * t.k, y: p.y * t.k })),
          PIN_HIT,
          { width, height },
          MAX_SCALE / t.k,
        )
      : 1;
    if (factor <= 1.01) {
      setExpanded((cur) => ({ k: t.k, keys: new Set([...(cur.k === t.k ? cur.keys : []), cluster.key]) }));
    } else {
      // The middle of the pins' box, in the middle of the map.
      const xs = members.map((p) => p.x);
      const ys = members.map((p) => p.y);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
      const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
      const k = t.k * factor;
      setT({ k, x: width / 2 - k * cx, y: height / 2 - k * cy });
    }
    // The cluster's button is gone: keyboard users continue from the map, where Enter goes to its pins.
    ref.current?.focus({ preventScroll: true });
  };

  const handleClose = () => {
    onSelectPin(null);
    lastFocusedPin.current?.focus();
  };

  return (
    // The map is one keyboard-operable widget and one Tab stop: a labelled region that takes focus, pans with the
    // arrow keys and zooms with + and -; its pins and clusters are buttons inside it, reached with Enter and the
    // arrow keys (pinKeys.ts). It shows its projection and
    // zoom (data-projection, data-transform) and each pin its place, so tests can check where pins are drawn.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      role="region"
      aria-label={label}
      aria-roledescription="map"
      aria-describedby={hintId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the map widget takes focus (see above)
      tabIndex={0}
      onKeyDown={(e) => {
        if (handlePinKey(e.currentTarget, e.target as HTMLElement, e.key)) e.preventDefault();
        else handlers.onKeyDown(e);
      }}
      onPointerDown={handlers.onPointerDown}
      onPointerMove={handlers.onPointerMove}
      onPointerUp={handlers.onPointerUp}
      onPointerCancel={handlers.onPointerUp}
      style={{
        position: "relative",
        width: "100%",
        height,
        overflow: "hidden",
        background: MAP_COLOURS.water,
        borderRadius: 6,
        touchAction: "none",
        cursor: dragging ? "grabbing" : "grab",
        userSelect: "none",
      }}
      data-testid="offline-map"
      data-map-ready={ready ? "true" : "false"}
      data-projection={main ? JSON.stringify(main.spec) : undefined}
      data-inset-projection={proj?.inset ? JSON.stringify(proj.inset.spec) : undefined}
      data-transform={JSON.stringify(t)}
    >
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" focusable="false" style={{ display: "block" }}>
          {/* Colours as styles (the theme's light or dark map tokens), which SVG attributes cannot take; the paths inherit them. */}
          <g transform={`translate(${t.x},${t.y}) scale(${t.k})`} style={LAND}>
            {proj?.paths.map((p) => (
              <path key={p.key} data-state={p.abbr} d={p.d} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
          {proj?.inset && (
            <g style={LAND}>
              <rect
                x={proj.inset.box.x}
                y={proj.inset.box.y}
                width={proj.inset.box.w}
                height={proj.inset.box.h}
                style={{ fill: MAP_COLOURS.water }}
                strokeWidth={1}
              />
              {proj.insetPaths.map((d, i) => (
                <path key={i} data-state="PR" d={d} strokeWidth={1} />
              ))}
            </g>
          )}
          <MapLabels labels={labels} />
          <SpreadLines placed={visible} />
        </svg>
      )}
      {proj?.inset && (
        <span
          style={{
            position: "absolute",
            left: proj.inset.box.x,
            top: proj.inset.box.y + proj.inset.box.h + 1,
            fontSize: 11,
            lineHeight: "12px",
            color: MAP_COLOURS.ink,
          }}
          aria-hidden="true"
        >
          Puerto Rico
        </span>
      )}
      {visible.map((p) =>
        p.kind === "cluster" ? (
          <ClusterButton key={`cluster-${p.key}`} cluster={p} canZoom={zoomable.get(p.key) ?? false} onOpen={handleOpenCluster} />
        ) : (
          <PinButton
            key={p.item.id}
            pin={p}
            selected={p.item.id === selectedPinId}
            onSelect={(e) => {
              lastFocusedPin.current = e.currentTarget;
              onSelectPin(p.item.id);
            }}
          />
        ),
      )}
      {selected && (
        <InfoWindowFrame
          anchorX={selected.x}
          anchorY={selected.y}
          containerWidth={width}
          containerHeight={height}
          onClose={handleClose}
          onPan={panBy}
          title={selected.item.title}
        >
          {renderInfo(selected.item)}
        </InfoWindowFrame>
      )}
      <span id={hintId} hidden>
        {MAP_KEYS_HINT}
      </span>
      <ZoomButtons onZoomIn={() => zoomBy(2)} onZoomOut={() => zoomBy(0.5)} canZoomOut={t.k > 1} />
      {showOverlay && <MapLoadingOverlay />}
    </div>
  );
}
