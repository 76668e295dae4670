import type { PlainIslandName } from "./plain";

/**
 * The islands of the public pages that React hydrates, by name, each loaded by the browser only on a page that has
 * it (ui/islands/start.tsx). A page renders the same component in its place (Island), with the same props. The
 * header's islands are plain DOM code (ui/islands/plain.ts).
 */
export const islandLoaders = {
  findChapter: () => import("../screens/public/FindChapter").then((m) => m.FindChapter),
  stateChooser: () => import("../screens/public/StateChooser").then((m) => m.StateChooser),
  stateChapters: () => import("../screens/public/StateChapters").then((m) => m.StateChapters),
  chapterMap: () => import("../screens/public/ChapterIslands").then((m) => m.ChapterMapIsland),
  chapterSignup: () => import("../screens/public/ChapterIslands").then((m) => m.ChapterSignupIsland),
  rsvp: () => import("../screens/public/RsvpIsland").then((m) => m.RsvpIsland),
} satisfies Record<string, () => Promise<unknown>>;

export type HydratedIslandName = keyof typeof islandLoaders;

/** Any island's name: one that React hydrates, or a plain one. */
export type IslandName = HydratedIslandName | PlainIslandName;

export const isHydratedIslandName = (name: string | undefined): name is HydratedIslandName => name !== undefined && Object.hasOwn(islandLoaders, name);
