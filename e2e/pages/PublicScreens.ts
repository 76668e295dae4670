/** Every public page the server renders (spec 000 section 2), with one that is missing. */
export const PUBLIC_SCREENS = [
  "/",
  // The home page after Load More without JavaScript (two pages of news).
  "/?page=2",
  // A finder's search with a chapter type chosen, as its form sends it, and a place not found.
  "/?place=Austin%2C+TX+78704&type=drinking",
  "/?place=Nowhere+Qq&type=",
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
  "/register_for_account",
  "/password_reset",
  // A reset link's page, for a link that does not work (a working one is made by a test: e2e/noscript.spec.ts).
  "/password_verify/not-a-real-token-at-all-000000",
  "/page/no_such_page",
];
