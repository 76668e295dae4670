import { Suspense, startTransition, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { lazyNamed } from "../../lib/lazy";
import { outlineQueries } from "../../api/outlines";
import { useSiteConfig } from "../../api/settings";
import { outlineNamesOf, type ChapterMapProps } from "./types";
import { MapLoadingOverlay } from "./MapLoadingOverlay";
import { MAP_COLOURS } from "../../lib/palette";

const OfflineMap = lazyNamed(() => import("./OfflineMap"), "OfflineMap");
const GoogleChapterMap = lazyNamed(() => import("./GoogleChapterMap"), "GoogleChapterMap");

function Placeholder({ height }: { height: number }) {
  return (
    <>
      <div data-map-placeholder style={{ position: "relative", width: "100%", height, background: MAP_COLOURS.water, borderRadius: 6 }}>
        <MapLoadingOverlay />
      </div>
      {/* Without JavaScript no map will come: its place says so instead of "Map loading..." forever (plain markup, see Home's Go button;
          the server's page hides the placeholder then, from its head: ui/entry-server.tsx). */}
      <noscript>
        <p style={{ margin: 0, padding: 12, border: "1px solid var(--chakra-colors-border)", borderRadius: 6 }} data-testid="map-noscript">
          The map needs JavaScript, which is off in this browser.
        </p>
      </noscript>
    </>
  );
}

/**
 * The map of chapters (drawn once the page runs in the browser): Google Maps when the site configuration carries a key, our own offline SVG map
 * otherwise. Both are separate chunks, so pages without a map, and sites without a key, never load them.
 */
export function ChapterMap(props: ChapterMapProps) {
  const config = useSiteConfig();
  // The map needs JavaScript: a server-rendered page holds its place (the outlines would double the page's size). It
  // is drawn after the page's first render in the browser, as a transition, which React does in slices: the map is
  // a large render, and a long task delays whatever the visitor does meanwhile.
  const [scriptsRun, setScriptsRun] = useState(false);
  useEffect(() => startTransition(() => setScriptsRun(true)), []);
  const queryClient = useQueryClient();
  // The offline map is what most sites use: while the page loads (or hydrates), fetch its chunk and its outline
  // files in parallel with the rest, so the map draws as soon as it may, without suspending once more.
  if (!config?.googleMapsApiKey && typeof window !== "undefined") {
    void OfflineMap.preload();
    for (const name of outlineNamesOf(props.view)) void queryClient.prefetchQuery(outlineQueries.outline(name));
  }
  if (!config || !scriptsRun) return <Placeholder height={props.height} />;
  return (
    <Suspense fallback={<Placeholder height={props.height} />}>
      {config.googleMapsApiKey ? <GoogleChapterMap {...props} apiKey={config.googleMapsApiKey} /> : <OfflineMap {...props} />}
    </Suspense>
  );
}
