import { Suspense } from "react";
import { lazyNamed } from "../../lib/lazy";
import { useSiteConfig } from "../../api/settings";
import type { ChapterMapProps } from "./types";
import { MapLoadingOverlay } from "./parts";
import { useScriptsRun } from "../../lib/hydration";
import { MAP_COLOURS } from "../../lib/palette";

// The offline map is what most sites use: fetch its chunk as soon as a page with a map is loaded,
// in parallel with the site configuration, instead of after it.
let offlineMapModule: Promise<typeof import("./OfflineMap")> | null = null;
const loadOfflineMap = () => (offlineMapModule ??= import("./OfflineMap"));
const OfflineMap = lazyNamed(loadOfflineMap, "OfflineMap");
const GoogleChapterMap = lazyNamed(() => import("./GoogleChapterMap"), "GoogleChapterMap");

function Placeholder({ height }: { height: number }) {
  return (
    <div style={{ position: "relative", width: "100%", height, background: MAP_COLOURS.water, borderRadius: 6 }}>
      <MapLoadingOverlay />
    </div>
  );
}

/**
 * The map of chapters (drawn once the page runs in the browser): Google Maps when the site configuration carries a key, our own offline SVG map
 * otherwise. Both are separate chunks, so pages without a map, and sites without a key, never load them.
 */
export function ChapterMap(props: ChapterMapProps) {
  const config = useSiteConfig();
  // The map needs JavaScript: a server-rendered page holds its place (the outlines would double the page's size).
  const scriptsRun = useScriptsRun();
  if (!config?.googleMapsApiKey) void loadOfflineMap();
  if (!config || !scriptsRun) return <Placeholder height={props.height} />;
  return (
    <Suspense fallback={<Placeholder height={props.height} />}>
      {config.googleMapsApiKey ? <GoogleChapterMap {...props} apiKey={config.googleMapsApiKey} /> : <OfflineMap {...props} />}
    </Suspense>
  );
}
