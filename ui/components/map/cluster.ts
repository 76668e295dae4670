/** A pin in screen pixels. */
export interface Point<T> {
  item: T;
  x: number;
  y: number;
}

/** What a map draws: a pin at its spot (fanned out when it shares one), or a cluster with a count. */
export type Placement<T> = { kind: "pin"; item: T; x: number; y: number } | { kind: "cluster"; key: string; x: number; y: number; items: T[] };

export interface ClusterOptions<T> {
  /** Pins closer than this (pixels) overlap. */
  distance: number;
  /** Overlapping groups of at most this many pins are fanned out on a small circle instead of clustered. */
  fanOutMax: number;
  /** A stable key per item: a cluster's key is its first item's. */
  keyOf: (item: T) => string;
  /** Cluster keys opened where zooming in cannot separate them: fanned out, whatever their size. */
  expanded?: ReadonlySet<string>;
}

/**
 * Groups of overlapping points: a point joins a group when it is closer than `distance` to one of its points
 * (so a fanned-out group cannot land on a neighbour) and within three times that of the group's first point (so
 * a dense region does not chain into one group). A grid of `distance`-sized cells finds the neighbours, and each
 * cell drops the points taken as it is read, so a cell crowded at the national zoom is not read again for every
 * member of every group: 10,000 pins take a few milliseconds.
 */
export function groupNear<T>(points: Point<T>[], distance: number): Point<T>[][] {
  const span2 = (3 * distance) ** 2;
  const distance2 = distance ** 2;
  const cell = (v: number) => Math.floor(v / distance);
  // Numeric cell keys (no string per lookup); unique while a map is under 50 million cells tall.
  const keyOf = (cx: number, cy: number) => cx * 1e8 + cy;
  const grid = new Map<number, number[]>();
  points.forEach((p, i) => {
    const key = keyOf(cell(p.x), cell(p.y));
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
      const cx = cell(member.x);
      const cy = cell(member.y);
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
            const near = (p.x - member.x) ** 2 + (p.y - member.y) ** 2 < distance2 && (p.x - seed.x) ** 2 + (p.y - seed.y) ** 2 < span2;
            if (near) {
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

/** A group's points on a circle around their centre, at least `distance` apart from the centre. */
export function fanOut<T>(group: Point<T>[], distance: number): Point<T>[] {
  if (group.length === 1) return group;
  const cx = group.reduce((a, p) => a + p.x, 0) / group.length;
  const cy = group.reduce((a, p) => a + p.y, 0) / group.length;
  const radius = Math.max(distance, (distance * group.length) / (2 * Math.PI));
  return group.map((p, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / group.length;
    return { item: p.item, x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
  });
}

/**
 * Pins that overlap at the current zoom: small groups fanned out so each pin stays one click away, larger ones
 * one cluster at their centre with the count. The map opens a cluster by zooming in on it, or, where zooming
 * cannot separate its pins (same place, or fully zoomed in), by listing its key in `expanded`.
 */
export function clusterPoints<T>(points: Point<T>[], opts: ClusterOptions<T>): Placement<T>[] {
  const out: Placement<T>[] = [];
  for (const group of groupNear(points, opts.distance)) {
    const key = opts.keyOf(group[0].item);
    if (group.length <= opts.fanOutMax || opts.expanded?.has(key)) {
      for (const p of fanOut(group, opts.distance)) out.push({ kind: "pin", ...p });
      continue;
    }
    const x = group.reduce((a, p) => a + p.x, 0) / group.length;
    const y = group.reduce((a, p) => a + p.y, 0) / group.length;
    out.push({ kind: "cluster", key, x, y, items: group.map((p) => p.item) });
  }
  return out;
}

/** The zoom factor that separates a cluster's pins: its spread grown to `distance`, at least double, at most `maxFactor`. */
export function zoomToSeparate(points: { x: number; y: number }[], distance: number, maxFactor: number): number {
  let nearest = Infinity;
  const sample = points.slice(0, 200);
  for (let i = 0; i < sample.length; i++) {
    for (let j = i + 1; j < sample.length; j++) {
      const d = Math.hypot(sample[i].x - sample[j].x, sample[j].y - sample[i].y);
      if (d > 0.01 && d < nearest) nearest = d;
    }
  }
  if (!Number.isFinite(nearest)) return 1;
  return Math.min(maxFactor, Math.max(2, distance / nearest));
}

/** A place in Google's world pixels at a zoom level (Web Mercator, 256 px tiles): how far apart pins are drawn. */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}
