/**
 * The offline map is one Tab stop. On the map itself the arrow keys pan and Enter goes to the pin (or cluster)
 * nearest the middle; on a pin the arrow keys go to the next pin that way, Enter or Space opens it, and Escape
 * comes back to the map. Pins and clusters are buttons out of the Tab order (tabIndex -1), found by their
 * `data-map-item` attribute.
 */
export const MAP_ITEM_ATTRIBUTE = "data-map-item";
/** What the map tells screen readers about its keys (its accessible description). */
export const MAP_KEYS_HINT =
  "Arrow keys move the map, + and - zoom. Enter goes to the chapters on it: arrow keys go from one to the next, Escape comes back to the map.";

export interface Spot {
  x: number;
  y: number;
}

type Direction = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown";
const AXES: Record<Direction, { along: (d: Spot) => number; across: (d: Spot) => number }> = {
  ArrowRight: { along: (d) => d.x, across: (d) => d.y },
  ArrowLeft: { along: (d) => -d.x, across: (d) => d.y },
  ArrowDown: { along: (d) => d.y, across: (d) => d.x },
  ArrowUp: { along: (d) => -d.y, across: (d) => d.x },
};

export const isDirection = (key: string): key is Direction => key in AXES;

/**
 * The index of the spot to go to from `from` with an arrow key: of those that way (more along the key's axis than
 * across it, so each key has its own quarter), the nearest, counting distance across twice; null when none is.
 */
export function nextSpot(from: Spot, spots: readonly Spot[], key: Direction): number | null {
  const { along, across } = AXES[key];
  let best: number | null = null;
  let bestScore = Infinity;
  spots.forEach((s, i) => {
    const d = { x: s.x - from.x, y: s.y - from.y };
    const a = along(d);
    const c = Math.abs(across(d));
    if (a <= 0 || c > a) return;
    const score = a + 2 * c;
    if (score < bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

/** The index of the spot nearest `to` (the map's middle, where Enter starts); null when there is none. */
export function nearestSpot(to: Spot, spots: readonly Spot[]): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  spots.forEach((s, i) => {
    const d = Math.hypot(s.x - to.x, s.y - to.y);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}

/** Where a pin or cluster button points (its centre), read from the page: the spot the keys navigate by. */
function spotOf(el: HTMLElement): Spot {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Handles a key pressed on the map (`map`, the focusable region) or on one of its pins; true when it was one of
 * the keys above, so the map does not pan with it too.
 */
export function handlePinKey(map: HTMLElement, target: HTMLElement, key: string): boolean {
  const items = [...map.querySelectorAll<HTMLElement>(`[${MAP_ITEM_ATTRIBUTE}]`)];
  if (target === map) {
    if (key !== "Enter") return false;
    const r = map.getBoundingClientRect();
    const i = nearestSpot({ x: r.left + r.width / 2, y: r.top + r.height / 2 }, items.map(spotOf));
    if (i !== null) items[i].focus({ preventScroll: true });
    return i !== null;
  }
  if (!target.hasAttribute(MAP_ITEM_ATTRIBUTE)) return false;
  if (key === "Escape") {
    map.focus({ preventScroll: true });
    return true;
  }
  if (!isDirection(key)) return false;
  const others = items.filter((el) => el !== target);
  const i = nextSpot(spotOf(target), others.map(spotOf), key);
  if (i !== null) others[i].focus({ preventScroll: true });
  return true;
}
