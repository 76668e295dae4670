/**
 * The network's colours that are not Chakra tokens: each chapter type's colour with the text that sits on it,
 * in light and dark mode (the theme turns these into the `chapterType.{name}.bg/fg` tokens), and the few
 * literal colours of drawings that cannot read CSS variables (map pins are SVG data URLs; Google Maps takes
 * plain colours). palette.test.ts checks every pair for WCAG contrast of at least 4.5.
 */
export interface ColourPair {
  bg: string;
  fg: string;
}

export const CHAPTER_TYPE_COLOURS: Record<string, { light: ColourPair; dark: ColourPair }> = {
  drinking: { light: { bg: "#1f5fa8", fg: "#ffffff" }, dark: { bg: "#9ab7d8", fg: "#111111" } },
  screening: { light: { bg: "#7b3fa0", fg: "#ffffff" }, dark: { bg: "#c4a9d4", fg: "#111111" } },
  living: { light: { bg: "#2e7d4f", fg: "#ffffff" }, dark: { bg: "#a1c5b0", fg: "#111111" } },
  laughing: { light: { bg: "#a55000", fg: "#ffffff" }, dark: { bg: "#e4b78c", fg: "#111111" } },
  dining: { light: { bg: "#b3261e", fg: "#ffffff" }, dark: { bg: "#dd9d9a", fg: "#111111" } },
  reading: { light: { bg: "#5d4037", fg: "#ffffff" }, dark: { bg: "#b6a9a5", fg: "#111111" } },
};

/** The brand scale (the Drinking Liberally blue the network started with). */
export const BRAND_SCALE = {
  50: "#eaf2fb",
  100: "#cfe0f5",
  200: "#a6c6ec",
  300: "#76a6df",
  400: "#4a86cf",
  500: "#2b6cbf",
  600: "#1f5fa8",
  700: "#194d8a",
  800: "#143d6d",
  900: "#0f2e52",
  950: "#0a1f38",
} as const;

/**
 * The offline map's surfaces and what is drawn on them, in light and dark mode: the theme makes them the `map.*`
 * tokens, so the map follows the page's mode (and the device's) in CSS, like the rest of the page.
 */
export const MAP_SURFACES = {
  land: { light: "#eef2f6", dark: "#2a3441" },
  water: { light: "#d6e6f2", dark: "#16202c" },
  border: { light: "#7b8794", dark: "#8795a5" },
  /** Text, dots and lines drawn over the map, and the info window's text. */
  ink: { light: "#1a202c", dark: "#edf2f7" },
  /** State names: quieter than the city names, 4.5:1 or more on land and water. */
  label: { light: "#52606d", dark: "#b4bfcb" },
  /** The info window and the zoom buttons. */
  paper: { light: "#ffffff", dark: "#1a202c" },
  frame: { light: "#a0aec0", dark: "#4a5568" },
  veil: { light: "rgba(255,255,255,0.75)", dark: "rgba(22,32,44,0.75)" },
} as const;

const surface = (name: keyof typeof MAP_SURFACES) => `var(--chakra-colors-map-${name})`;

/**
 * Colours for map drawings: the surfaces as CSS variables (for styles, not SVG attributes, which take no
 * variables), and literal colours for what cannot read them (pins are SVG data URLs; Google Maps takes plain
 * colours), the same in both modes.
 */
export const MAP_COLOURS = {
  pinOutline: "#ffffff",
  cluster: BRAND_SCALE[700],
  clusterText: "#ffffff",
  clusterHalo: "rgba(26,79,139,0.35)",
  land: surface("land"),
  water: surface("water"),
  border: surface("border"),
  ink: surface("ink"),
  stateLabel: surface("label"),
  paper: surface("paper"),
  frame: surface("frame"),
  veil: surface("veil"),
} as const;
