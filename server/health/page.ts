import type { ChapterHealthList, ChapterHealthPage, ChapterHealthRow, HealthSortKey, HealthState, StateHealthCount } from "../contracts/chapterHealth";
import type { Page } from "../lib/paging";

const HEALTH_ORDER: Record<HealthState, number> = { at_risk: 0, dormant: 1, active: 2 };

/** One column's order, ascending; missing dates go last whichever way the column is sorted. */
function compare(a: ChapterHealthRow, b: ChapterHealthRow, key: HealthSortKey): number {
  // Longest silence first: the earliest start of the count.
  if (key === "health") return HEALTH_ORDER[a.health] - HEALTH_ORDER[b.health] || a.countedFrom.localeCompare(b.countedFrom);
  if (key === "silence") return b.countedFrom.localeCompare(a.countedFrom);
  const x = a[key];
  const y = b[key];
  if (typeof x === "number" && typeof y === "number") return x - y;
  return String(x).localeCompare(String(y));
}

const nullable = (key: HealthSortKey): key is "lastEmailAt" | "lastMeetupAt" | "nextMeetupAt" | "lastConfirmedMeetup" =>
  key === "lastEmailAt" || key === "lastMeetupAt" || key === "nextMeetupAt" || key === "lastConfirmedMeetup";

export interface HealthView {
  health: HealthState | "all";
  /** A state's abbreviation, or "" for every state. */
  state: string;
  q: string;
  sort: HealthSortKey;
  order: "asc" | "desc";
}

/**
 * One page of the health table as the screen asks for it: the chapters of one health state (or all) and one US
 * state (or all) matching the search,
 * in the order of a column (ties by chapter id, so pages never overlap), with the counts per state of every
 * chapter in view, overall and per US state. Runs on the kept table in memory: 10,000 rows filter and sort in a few milliseconds, and only
 * the page is written as JSON.
 */
export function pageHealthTable(table: ChapterHealthList, view: HealthView, page: Page): ChapterHealthPage {
  const q = view.q.toLowerCase();
  let rows = table.rows;
  if (view.health !== "all") rows = rows.filter((r) => r.health === view.health);
  if (view.state) rows = rows.filter((r) => r.state === view.state);
  if (q) rows = rows.filter((r) => r.title.toLowerCase().includes(q) || r.slug.toLowerCase().includes(q) || r.state === q);
  // The kept table is already in the default order (health, longest silence first).
  if (view.sort !== "health" || view.order !== "asc") {
    const sign = view.order === "desc" ? -1 : 1;
    const key = view.sort;
    rows = [...rows].sort((a, b) => {
      if (nullable(key) && (a[key] === null) !== (b[key] === null)) return a[key] === null ? 1 : -1;
      return sign * compare(a, b, key) || a.chapterId - b.chapterId;
    });
  }
  const { settings, counts, at } = table;
  return {
    settings,
    counts,
    at,
    total: table.rows.length,
    matching: rows.length,
    page: page.page,
    limit: page.limit,
    rows: rows.slice(page.offset, page.offset + page.limit),
    byState: countByState(table.rows),
  };
}

/** How many chapters of each state are active, at risk and dormant, in the order of the states' abbreviations. */
function countByState(rows: ChapterHealthRow[]): StateHealthCount[] {
  const byState = new Map<string, StateHealthCount>();
  for (const r of rows) {
    const counts = byState.get(r.state) ?? byState.set(r.state, { state: r.state, active: 0, at_risk: 0, dormant: 0 }).get(r.state)!;
    counts[r.health]++;
  }
  return [...byState.values()].sort((a, b) => a.state.localeCompare(b.state));
}
