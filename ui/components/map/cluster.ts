/** A pin in screen pixels. */
export interface Point<T> {
  item: T;
  x: number;
  y: number;
}

/**
 * What a map draws: a pin at its own spot, or a cluster with a count. A pin spread out around a spot it shares
 * (an opened cluster that zooming in cannot separate) carries `from`, the true spot its line goes back to.
 */
export type Placement<T> =
  { kind: "pin"; item: T; x: number; y: number; from?: { x: number; y: number } } | { kind: "cluster"; key: string; x: number; y: number; items: T[] };

/** How close two pins may be drawn (pixels): closer in both directions, their clickable parts overlap. */
export interface PinSize {
  w: number;
  h: number;
}

export interface ClusterOptions<T> {
  /** Pins closer than this in both directions overlap. */
  size: PinSize;
  /** A stable key per item: a cluster's key is its first item's. */
  keyOf: (item: T) => string;
  /** Cluster keys opened where zooming in cannot separate them: spread around their spot, whatever their size. */
  expanded?: ReadonlySet<string>;
  /** An item that always stands alone at its spot (the selected pin), out of any cluster that is not spread. */
  alone?: (item: T) => boolean;
}

/** Whether two pins overlap: closer than a pin's size across and up. */
export const overlap = (a: { x: number; y: number }, b: { x: number; y: number }, size: PinSize) =>
  Math.abs(a.x - b.x) < size.w && Math.abs(a.y - b.y) < size.h;

/**
 * Groups of overlapping points: a point joins a group when it overlaps one of its points and lies within three
 * pin sizes of the group's first point (so a dense region does not chain into one group). A grid of pin-sized
 * cells finds the neighbours, and each cell drops the points taken as it is read, so a cell crowded at the
 * national zoom is not read again for every member of every group: 10,000 pins take a few milliseconds.
 */
export function groupNear<T>(points: Point<T>[], size: PinSize): Point<T>[][] {
  const span = { w: 3 * size.w, h: 3 * size.h };
  const cellX = (v: number) => Math.floor(v / size.w);
  const cellY = (v: number) => Math.floor(v / size.h);
  // Numeric cell keys (no string per lookup); unique while a map is under 50 million cells tall.
  const keyOf = (cx: number, cy: number) => cx * 1e8 + cy;
  const grid = new Map<number, number[]>();
  points.forEach((p, i) => {
    const key = keyOf(cellX(p.x), cellY(p.y));
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });
  const taken = new Uint8Array(points.length);
  const groups: Point<T>[][] = [];
  points.forEach((seed, i) => {
    if (taken[i]) return;
    taken[i] = 1;
    const group = [seed];
    for (let m = 0; m < group.length; m++) {
      const member = group[m];
      const cx = cellX(member.x);
      const cy = cellY(member.y);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          const list = grid.get(keyOf(cx + dx, cy + dy));
          if (!list) continue;
          // Read in order, keeping (in order) only the points not taken by now.
          let kept = 0;
          for (let r = 0; r < list.length; r++) {
            const j = list[r];
            if (taken[j]) continue;
            const p = points[j];
            if (overlap(p, member, size) && overlap(p, seed, span)) {
              taken[j] = 1;
              group.push(p);
            } else list[kept++] = j;
          }
          list.length = kept;
        }
      }
    }
    groups.push(group);
  });
  return groups;
}

/**
 * A group that shares one spot, spread on a circle around the group's middle (the true spot), each pin at least
 * a pin's diagonal from the middle and from its neighbours; each keeps `from`, the spot its line goes back to.
 */
function spreadAround<T>(group: Point<T>[], size: PinSize): Placement<T>[] {
  const cx = group.reduce((a, p) => a + p.x, 0) / group.length;
  const cy = group.reduce((a, p) => a + p.y, 0) / group.length;
  // Neighbours a pin's diagonal apart never overlap, whatever their angle.
  const distance = Math.hypot(size.w, size.h);
  const radius = Math.max(distance, (distance * group.length) / (2 * Math.PI));
  return group.map((p, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / group.length;
    return { kind: "pin", item: p.item, x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle), from: { x: cx, y: cy } };
  });
}

const clusterOf = <T>(key: string, group: Point<T>[]): Placement<T> => ({
  kind: "cluster",
  key,
  x: group.reduce((a, p) => a + p.x, 0) / group.length,
  y: group.reduce((a, p) => a + p.y, 0) / group.length,
  items: group.map((p) => p.item),
});

/**
 * Pins as the map draws them at the current zoom: every pin at its own spot; pins that overlap one cluster at
 * their middle with the count (so a cluster is always drawn among its pins). The map opens a cluster by zooming
 * in on it, or, where zooming cannot separate its pins (same spot, or fully zoomed in), by listing its key in
 * `expanded`: its pins are then spread around the spot, each with a line back to it.
 */
export function clusterPoints<T>(points: Point<T>[], opts: ClusterOptions<T>): Placement<T>[] {
  const out: Placement<T>[] = [];
  for (const group of groupNear(points, opts.size)) {
    if (group.length === 1) {
      out.push({ kind: "pin", ...group[0] });
      continue;
    }
    const key = opts.keyOf(group[0].item);
    if (opts.expanded?.has(key)) {
      out.push(...spreadAround(group, opts.size));
      continue;
    }
    const standing = opts.alone ? group.filter((p) => opts.alone!(p.item)) : [];
    const rest = standing.length ? group.filter((p) => !standing.includes(p)) : group;
    for (const p of standing) out.push({ kind: "pin", ...p });
    if (rest.length === 1) out.push({ kind: "pin", ...rest[0] });
    else if (rest.length > 1) out.push(clusterOf(key, rest));
  }
  return out;
}

/**
 * The zoom factor that separates a cluster's pins: every pair that overlaps grown apart to a pin's size across
 * or up, at least double, at most `maxFactor`; 1 when no zoom can (the pins share one spot).
 */
export function zoomToSeparate(points: { x: number; y: number }[], size: PinSize, maxFactor: number): number {
  let needed = 0;
  const sample = points.slice(0, 200);
  for (let i = 0; i < sample.length; i++) {
    for (let j = i + 1; j < sample.length; j++) {
      const dx = Math.abs(sample[i].x - sample[j].x);
      const dy = Math.abs(sample[i].y - sample[j].y);
      if (dx < 0.01 && dy < 0.01) continue;
      needed = Math.max(needed, Math.min(dx > 0 ? size.w / dx : Infinity, dy > 0 ? size.h / dy : Infinity));
    }
  }
  if (needed === 0 || maxFactor <= 1.01) return 1;
  // A hair more than enough: pins left exactly a pin's size apart, after rounding, could still count as overlapping.
  return Math.min(maxFactor, Math.max(2, needed * 1.001));
}

/** Room kept around a cluster's pins when opening it zooms in to show them all (a pin is drawn 40 px above its spot). */
const OPEN_MARGIN = 50;

/**
 * How far opening a cluster zooms in: until its pins separate, but no further than keeps them all in the map (the
 * ones still overlapping then make smaller clusters, opened in turn), at least double, at most `maxFactor`. 1 when
 * zooming cannot separate them: the map spreads them around their spot instead.
 */
export function zoomToOpen(points: { x: number; y: number }[], size: PinSize, view: { width: number; height: number }, maxFactor: number): number {
  const separate = zoomToSeparate(points, size, maxFactor);
  if (separate <= 1) return 1;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [bw, bh] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  const fit = Math.min(bw > 0 ? (view.width - 2 * OPEN_MARGIN) / bw : Infinity, bh > 0 ? (view.height - 2 * OPEN_MARGIN) / bh : Infinity);
  return Math.min(maxFactor, Math.max(2, Math.min(separate, fit)));
}

/** A place in Google's world pixels at a zoom level (Web Mercator, 256 px tiles): how far apart pins are drawn. */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

/** The inverse of worldPixel: where a world pixel is, at a zoom level. */
export function latLngOfWorldPixel(x: number, y: number, zoom: number): { lat: number; lng: number } {
  const scale = 256 * 2 ** zoom;
  const lng = (x / scale) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / scale;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng };
}
