/**
 * The islands of the public pages by name, each loaded by the browser only on a page that has it
 * (ui/islands/start.tsx). A page renders the same component in its place (Island), with the same props.
 */
export const islandLoaders = {
  findChapter: () => import("../screens/public/FindChapter").then((m) => m.FindChapter),
  stateChooser: () => import("../screens/public/StateChooser").then((m) => m.StateChooser),
  stateChapters: () => import("../screens/public/StateChapters").then((m) => m.StateChapters),
  chapterMap: () => import("../screens/public/ChapterIslands").then((m) => m.ChapterMapIsland),
  chapterSignup: () => import("../screens/public/ChapterIslands").then((m) => m.ChapterSignupIsland),
  colorMode: () => import("../components/ColorModeToggle").then((m) => m.ColorModeToggle),
  phoneMenu: () => import("../components/SiteMenu").then((m) => m.PhoneMenu),
} satisfies Record<string, () => Promise<unknown>>;

export type IslandName = keyof typeof islandLoaders;

export const isIslandName = (name: string | undefined): name is IslandName => name !== undefined && Object.hasOwn(islandLoaders, name);
