import { geoAlbersUsa, geoMercator, geoPath, type GeoProjection } from "d3-geo";
import type { Feature, FeatureCollection } from "geojson";
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from "react";
import { pinDataUrl } from "./pins";
import { clusterPoints, zoomToSeparate, type Placement } from "./cluster";
import { ClusterButton, InfoWindowFrame, MapLoadingOverlay, ZoomButtons } from "./parts";
import { ALASKA_CENTER, FAN_OUT_MAX, outlineNamesOf, type ChapterMapProps, type MapPin } from "./types";
import { useOutline, type Outline } from "./outlines";
import { useMapLoadingOverlay } from "./useMapLoadingOverlay";
import { MAP_COLOURS } from "../../lib/palette";

const LAND = MAP_COLOURS.land;
const BORDER = MAP_COLOURS.border;
const WATER = MAP_COLOURS.water;
const MAX_SCALE = 512;
const PAD = 12;
/** Pins are drawn 40 x 40; the clickable part is 28 x 36 around the marker, and pins closer than this are fanned out or clustered, so no two targets overlap. */
const PIN_SPACING = 40;
const HIT = { w: 28, h: 36 };

interface Transform {
  k: number;
  x: number;
  y: number;
}
const IDENTITY: Transform = { k: 1, x: 0, y: 0 };

interface Projections {
  main: GeoProjection | null;
  /** Puerto Rico inset on the US map (geoAlbersUsa has no place for it). */
  inset: { projection: GeoProjection; box: { x: number; y: number; w: number; h: number } } | null;
  paths: { d: string; key: string }[];
  insetPaths: string[];
}

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

function buildProjections(view: ChapterMapProps["view"], main: Outline | null, pr: Outline | null, w: number, h: number): Projections {
  const extent: [[number, number], [number, number]] = [
    [PAD, PAD],
    [w - PAD, h - PAD],
  ];
  let projection: GeoProjection | null = null;
  let inset: Projections["inset"] = null;
  if (view.kind === "us") {
    if (main) projection = geoAlbersUsa().fitExtent(extent, main as FeatureCollection);
    if (pr) {
      const box = { w: Math.max(70, Math.round(w * 0.1)), h: Math.max(40, Math.round(h * 0.09)), x: 0, y: 0 };
      box.x = w - box.w - PAD;
      box.y = h - box.h - PAD - 12;
      inset = {
        projection: geoMercator().fitExtent(
          [
            [box.x + 4, box.y + 4],
            [box.x + box.w - 4, box.y + box.h - 4],
          ],
          pr as Feature,
        ),
        box,
      };
    }
  } else if (main && view.state === "ak") {
    // Alaska: a fixed centre; rotating to its meridian keeps the Aleutians (across 180 degrees) together.
    projection = geoMercator()
      .rotate([-ALASKA_CENTER.lng, 0])
      .fitExtent(extent, main as Feature);
    const c = projection([ALASKA_CENTER.lng, ALASKA_CENTER.lat])!;
    const [tx, ty] = projection.translate();
    projection.translate([tx + w / 2 - c[0], ty + h / 2 - c[1]]);
  } else if (main) {
    // fitExtent centres the outline's bounding box.
    projection = geoMercator().fitExtent(extent, main as Feature);
  } else if (view.kind === "point") {
    projection = geoMercator()
      .center([view.center.lng, view.center.lat])
      .scale(2000)
      .translate([w / 2, h / 2]);
  }
  const path = projection ? geoPath(projection) : null;
  const features: Feature[] = main ? ("features" in main ? main.features : [main]) : [];
  const paths = path ? features.map((f, i) => ({ d: path(f) ?? "", key: String(f.id ?? i) })) : [];
  const insetPaths = inset && pr ? [geoPath(inset.projection)(pr as Feature) ?? ""] : [];
  return { main: projection, inset, paths, insetPaths };
}

/**
 * Our own map: state outlines drawn as SVG from the Census-derived outline files, pins as buttons,
 * zoom (buttons, wheel, keys) and pan (drag, arrow keys). Needs no key and no network beyond our server.
 */
export function OfflineMap(props: ChapterMapProps) {
  const { view, pins, height, zoom, focus, selectedPinId, onSelectPin, renderInfo, label } = props;
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const outlines = useOutlines(view);
  const [t, setT] = useState<Transform>(IDENTITY);
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);
  const lastFocusedPin = useRef<HTMLButtonElement | null>(null);

  const proj = useMemo(
    () => (width > 0 ? buildProjections(view, outlines.main, outlines.pr, width, height) : null),
    [view, outlines.main, outlines.pr, width, height],
  );
  const ready = Boolean(proj && outlines.done);
  const showOverlay = useMapLoadingOverlay(ready);

  // A new view starts unzoomed; a single place starts zoomed in on it (4x its state's fit).
  const viewKey = JSON.stringify(view);
  useEffect(() => {
    if (view.kind === "point" && proj?.main && outlines.main) {
      const p = proj.main([view.center.lng, view.center.lat]);
      if (p) return setT({ k: 4, x: width / 2 - 4 * p[0], y: height / 2 - 4 * p[1] });
    }
    setT(IDENTITY);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey, proj]);

  // Recentre on a place (search, geolocation): the view's fit counts as `zoom`, each level doubles.
  useEffect(() => {
    if (!focus || !proj?.main) return;
    const p = proj.main([focus.lng, focus.lat]);
    if (!p) return;
    const k = Math.min(MAX_SCALE, Math.max(1, 2 ** (focus.zoom - zoom)));
    setT({ k, x: width / 2 - k * p[0], y: height / 2 - k * p[1] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key, proj]);

  const zoomBy = useCallback(
    (factor: number, cx = width / 2, cy = height / 2) =>
      setT((cur) => {
        const k = Math.min(MAX_SCALE, Math.max(1, cur.k * factor));
        const f = k / cur.k;
        return k === 1 ? IDENTITY : { k, x: cx - f * (cx - cur.x), y: cy - f * (cy - cur.y) };
      }),
    [width, height],
  );

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
  }, [zoomBy]);

  const handlePointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button, a, input, form, [data-info-window]")) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const handlePointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 3) return;
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    setT((cur) => ({ ...cur, x: cur.x + dx, y: cur.y + dy }));
  };
  const handlePointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const step = 60;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      setT((cur) => ({ ...cur, x: cur.x + dx, y: cur.y + dy }));
    } else if (e.key === "+" || e.key === "=") zoomBy(2);
    else if (e.key === "-") zoomBy(0.5);
  };

  // Pins projected once per view and size; Puerto Rico goes to its inset; places with no spot on this map are left to the list.
  const projected = useMemo(() => {
    if (!proj) return [];
    const out: { item: MapPin; x: number; y: number; inset: boolean }[] = [];
    for (const pin of pins) {
      const inInset = Boolean(view.kind === "us" && pin.state === "pr" && proj.inset);
      const p = inInset ? proj.inset!.projection([pin.lng, pin.lat]) : proj.main?.([pin.lng, pin.lat]);
      if (p) out.push({ item: pin, x: p[0], y: p[1], inset: inInset });
    }
    return out;
  }, [proj, pins, view.kind]);

  // Overlaps depend on the zoom only: clustered again when it changes, moved (not regrouped) when panning. The
  // selected pin always stands alone, so "Show on map" opens it even where it would be in a cluster.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const grouped = useMemo(() => {
    const options = { distance: PIN_SPACING, fanOutMax: FAN_OUT_MAX, keyOf: (pin: MapPin) => pin.id, expanded };
    const alone = projected.filter((p) => p.item.id === selectedPinId);
    const rest = projected.filter((p) => p.item.id !== selectedPinId);
    const main = clusterPoints(
      rest.filter((p) => !p.inset).map((p) => ({ item: p.item, x: p.x * t.k, y: p.y * t.k })),
      options,
    );
    const inset = clusterPoints(
      rest.filter((p) => p.inset),
      options,
    );
    const single = alone.map((p) => ({ kind: "pin" as const, item: p.item, x: p.inset ? p.x : p.x * t.k, y: p.inset ? p.y : p.y * t.k }));
    return { main: [...main, ...single.filter((_, i) => !alone[i].inset)], inset: [...inset, ...single.filter((_, i) => alone[i].inset)] };
  }, [projected, t.k, expanded, selectedPinId]);
  const placed: Placement<MapPin>[] = useMemo(
    () => [...grouped.main.map((p) => ({ ...p, x: p.x + t.x, y: p.y + t.y })), ...grouped.inset],
    [grouped, t.x, t.y],
  );

  const selected = placed.find((p): p is Placement<MapPin> & { kind: "pin" } => p.kind === "pin" && p.item.id === selectedPinId) ?? null;
  const visible = placed.filter((p) => p.x > -20 && p.x < width + 20 && p.y > 0 && p.y < height + 40);

  /** Opens a cluster: zooms in on it until its pins separate, or fans them out where zooming cannot. */
  const handleOpenCluster = (cluster: Placement<MapPin> & { kind: "cluster" }) => {
    const ids = new Set(cluster.items.map((pin) => pin.id));
    const members = projected.filter((p) => ids.has(p.item.id));
    const factor = members[0]?.inset
      ? 1
      : zoomToSeparate(
          members.map((p) => ({ x: p.x * t.k, y: p.y * t.k })),
          PIN_SPACING,
          MAX_SCALE / t.k,
        );
    if (factor <= 1.01) {
      setExpanded((cur) => new Set([...cur, cluster.key]));
    } else {
      const cx = members.reduce((a, p) => a + p.x, 0) / members.length;
      const cy = members.reduce((a, p) => a + p.y, 0) / members.length;
      const k = t.k * factor;
      setT({ k, x: width / 2 - k * cx, y: height / 2 - k * cy });
    }
    // The cluster's button is gone: keyboard users continue from the map, whose pins now follow in tab order.
    ref.current?.focus({ preventScroll: true });
  };

  const handleClose = () => {
    onSelectPin(null);
    lastFocusedPin.current?.focus();
  };

  return (
    // The map is one keyboard-operable widget, as Google's is: a labelled region that takes focus, pans with the
    // arrow keys and zooms with + and -; its pins and clusters are buttons inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      role="region"
      aria-label={label}
      aria-roledescription="map"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the map widget takes focus (see above)
      tabIndex={0}
      onKeyDown={handleKeyDown}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      style={{
        position: "relative",
        width: "100%",
        height,
        overflow: "hidden",
        background: WATER,
        borderRadius: 6,
        touchAction: "none",
        cursor: drag.current ? "grabbing" : "grab",
        userSelect: "none",
      }}
      data-testid="offline-map"
      data-map-ready={ready ? "true" : "false"}
    >
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" focusable="false" style={{ display: "block" }}>
          <g transform={`translate(${t.x},${t.y}) scale(${t.k})`}>
            {proj?.paths.map((p) => (
              <path key={p.key} d={p.d} fill={LAND} stroke={BORDER} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
          {proj?.inset && (
            <g>
              <rect x={proj.inset.box.x} y={proj.inset.box.y} width={proj.inset.box.w} height={proj.inset.box.h} fill={WATER} stroke={BORDER} strokeWidth={1} />
              {proj.insetPaths.map((d, i) => (
                <path key={i} d={d} fill={LAND} stroke={BORDER} strokeWidth={1} />
              ))}
            </g>
          )}
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
          <ClusterButton key={`cluster-${p.key}`} cluster={p} onOpen={handleOpenCluster} />
        ) : (
          <button
            key={p.item.id}
            type="button"
            aria-label={p.item.title}
            title={p.item.title}
            aria-expanded={p.item.id === selectedPinId}
            data-pin-id={p.item.id}
            onClick={(e) => {
              lastFocusedPin.current = e.currentTarget;
              onSelectPin(p.item.id);
            }}
            style={{
              position: "absolute",
              left: p.x - HIT.w / 2,
              top: p.y - HIT.h - 2,
              width: HIT.w,
              height: HIT.h,
              padding: 0,
              border: 0,
              background: "transparent",
              cursor: "pointer",
              overflow: "visible",
              zIndex: p.item.id === selectedPinId ? 3 : 2,
            }}
          >
            <img
              src={pinDataUrl(p.item.color, p.item.typeName)}
              width={40}
              height={40}
              alt=""
              draggable={false}
              style={{ display: "block", position: "absolute", left: (HIT.w - 40) / 2, top: HIT.h + 2 - 40, pointerEvents: "none" }}
            />
          </button>
        ),
      )}
      {selected && (
        <InfoWindowFrame
          anchorX={selected.x}
          anchorY={selected.y}
          containerWidth={width}
          containerHeight={height}
          onClose={handleClose}
          title={selected.item.title}
        >
          {renderInfo(selected.item)}
        </InfoWindowFrame>
      )}
      <ZoomButtons onZoomIn={() => zoomBy(2)} onZoomOut={() => zoomBy(0.5)} canZoomOut={t.k > 1} />
      {showOverlay && <MapLoadingOverlay />}
    </div>
  );
}
