/** Every public page the server renders (spec 000 section 2), with one that is missing. */
export const PUBLIC_SCREENS = [
  "/",
  // The home page after Load More without JavaScript (two pages of news).
  "/?page=2",
  "/about",
  "/chapter_types",
  "/press_mentions",
  "/chapters/tx",
  "/chapter/tx/austin",
  // A hidden chapter: "This Chapter is not active.", the revive form and the nearest active chapters.
  "/chapter/tx/dallas",
  "/blog/twenty_years_of_drinking_liberally",
  "/wiki/host_handbook",
  "/page/chapter_resources",
  "/intro_start_chapter",
  "/start_chapter",
  "/signin",
  "/page/no_such_page",
];
