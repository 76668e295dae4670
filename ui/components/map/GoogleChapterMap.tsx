import { GoogleMap, InfoWindowF, MarkerF, PolylineF, useJsApiLoader } from "@react-google-maps/api";
import { useEffect, useMemo, useRef, useState } from "react";
import { Theme } from "@chakra-ui/react";
import { clusterDataUrl, pinDataUrl } from "./pins";
import { clusterPoints, latLngOfWorldPixel, worldPixel, zoomToOpen, type Placement } from "./cluster";
import { ALASKA_CENTER, INFO_WINDOW, PIN_HIT, PIN_SIZE, US_CENTER, type ChapterMapProps, type LatLng, type MapPin } from "./types";
import { boundingBoxCenter, useOutline } from "./outlines";
import { clusterLabel, clusterTitle } from "./parts";
import { MapLoadingOverlay } from "./MapLoadingOverlay";
import { useMapLoadingOverlay } from "./useMapLoadingOverlay";
import { MAP_COLOURS, MAP_SURFACES } from "../../lib/palette";

/** Google's closest zoom level on road maps. */
const MAX_GOOGLE_ZOOM = 21;

/** The centre a view starts on: the US middle, a state's bounding-box centre (Alaska fixed), or the point. */
function useViewCenter(view: ChapterMapProps["view"]): LatLng {
  const state = view.kind === "state" ? view.state : null;
  const { outline } = useOutline(state && state !== "ak" && state !== "int" ? state : null);
  const point = view.kind === "point" ? view.center : null;
  const { lat, lng } = point ?? (state === "ak" ? ALASKA_CENTER : US_CENTER);
  // One object per place, so the camera is only moved when the place changes.
  return useMemo(() => (outline ? boundingBoxCenter(outline) : { lat, lng }), [outline, lat, lng]);
}

/** Google Maps behind the same interface; loaded only when the site has a key (its own chunk). */
export function GoogleChapterMap(props: ChapterMapProps & { apiKey: string }) {
  const { apiKey, view, pins, height, zoom, focus, selectedPinId, onSelectPin, renderInfo, label } = props;
  const { isLoaded, loadError } = useJsApiLoader({ id: "google-map-script", googleMapsApiKey: apiKey });
  const [idle, setIdle] = useState(false);
  const showOverlay = useMapLoadingOverlay(idle);
  const start = useViewCenter(view);
  const [camera, setCamera] = useState<{ center: LatLng; zoom: number }>({ center: start, zoom });
  useEffect(() => setCamera({ center: start, zoom }), [start, zoom]);
  useEffect(() => {
    if (focus) setCamera({ center: { lat: focus.lat, lng: focus.lng }, zoom: focus.zoom });
  }, [focus]);
  // Pins that overlap at the map's zoom level are clustered, as on the offline map: every pin is drawn at its own
  // place; a cluster that zooming in cannot separate is spread around its spot, with lines back to it, until the
  // zoom changes. The selected pin stands alone.
  const mapRef = useRef<google.maps.Map | null>(null);
  const [mapZoom, setMapZoom] = useState(zoom);
  const [expanded, setExpanded] = useState<{ zoom: number; keys: ReadonlySet<string> }>({ zoom: -1, keys: new Set() });
  const placed = useMemo(() => {
    const points = pins.map((p) => ({ item: p, ...worldPixel(p.lat, p.lng, mapZoom) }));
    return clusterPoints(points, {
      size: PIN_HIT,
      keyOf: (p: MapPin) => p.id,
      expanded: expanded.zoom === mapZoom ? expanded.keys : undefined,
      alone: (p: MapPin) => p.id === selectedPinId,
    });
  }, [pins, selectedPinId, mapZoom, expanded]);
  const at = (x: number, y: number) => latLngOfWorldPixel(x, y, mapZoom);
  const selected = placed.find((p): p is Placement<MapPin> & { kind: "pin" } => p.kind === "pin" && p.item.id === selectedPinId) ?? null;

  const handleOpenCluster = (items: MapPin[], key: string) => {
    const div = mapRef.current?.getDiv();
    const view = { width: div?.clientWidth ?? 600, height: div?.clientHeight ?? height };
    const factor = zoomToOpen(
      items.map((p) => worldPixel(p.lat, p.lng, mapZoom)),
      PIN_HIT,
      view,
      2 ** (MAX_GOOGLE_ZOOM - mapZoom),
    );
    if (factor <= 1.01) return setExpanded((cur) => ({ zoom: mapZoom, keys: new Set([...(cur.zoom === mapZoom ? cur.keys : []), key]) }));
    const lats = items.map((p) => p.lat);
    const lngs = items.map((p) => p.lng);
    const center = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
    // Google zooms in whole levels: the level that separates them, or the last that keeps them all in sight.
    const levels = Math.max(1, Math.floor(Math.log2(factor) + 1e-9));
    setCamera({ center, zoom: Math.min(MAX_GOOGLE_ZOOM, mapZoom + levels) });
  };

  useEffect(() => {
    if (loadError) console.error("Google Maps could not be loaded", loadError);
  }, [loadError]);

  return (
    <div role="region" aria-label={label} style={{ position: "relative", width: "100%", height }}>
      {isLoaded && (
        <GoogleMap
          mapContainerStyle={{ width: "100%", height }}
          center={camera.center}
          zoom={camera.zoom}
          options={{ mapTypeId: "roadmap", streetViewControl: false }}
          onIdle={() => setIdle(true)}
          onLoad={(map) => {
            mapRef.current = map;
          }}
          onZoomChanged={() => setMapZoom(Math.round(mapRef.current?.getZoom() ?? zoom))}
        >
          {placed.map((p) =>
            p.kind === "cluster" ? (
              <MarkerF
                key={`cluster-${p.key}`}
                position={at(p.x, p.y)}
                title={`${clusterLabel(p.items.length, mapZoom < MAX_GOOGLE_ZOOM)}. ${clusterTitle(p.items)}`}
                label={{ text: p.items.length.toLocaleString("en-US"), color: MAP_COLOURS.clusterText, fontWeight: "700" }}
                icon={{ url: clusterDataUrl(), scaledSize: new google.maps.Size(PIN_SIZE, PIN_SIZE) }}
                onClick={() => handleOpenCluster(p.items, p.key)}
              />
            ) : (
              <PinMarker key={p.item.id} pin={p.item} position={p.from ? at(p.x, p.y) : p.item} onSelectPin={onSelectPin} />
            ),
          )}
          {placed.map(
            (p) =>
              p.kind === "pin" &&
              p.from && (
                <PolylineF
                  key={`line-${p.item.id}`}
                  path={[p.item, at(p.x, p.y)]}
                  options={{ strokeColor: MAP_SURFACES.ink.light, strokeWeight: 1.5, clickable: false }}
                />
              ),
          )}
          {selected && (
            <InfoWindowF
              position={selected.from ? at(selected.x, selected.y) : selected.item}
              options={{ maxWidth: INFO_WINDOW.maxWidth, pixelOffset: new google.maps.Size(0, -PIN_SIZE) }}
              onCloseClick={() => onSelectPin(null)}
            >
              {/* Google draws a white bubble in either colour mode: its content stays light. */}
              <Theme appearance="light" style={{ padding: INFO_WINDOW.padding }}>
                {renderInfo(selected.item)}
              </Theme>
            </InfoWindowF>
          )}
        </GoogleMap>
      )}
      {showOverlay && <MapLoadingOverlay />}
    </div>
  );
}

/** A pin at its place, or (spread around a spot it shares) at `position`, the end of its line. */
function PinMarker({ pin, position, onSelectPin }: { pin: MapPin; position: LatLng; onSelectPin: (id: string) => void }) {
  return (
    <MarkerF
      position={{ lat: position.lat, lng: position.lng }}
      title={pin.title}
      icon={{ url: pinDataUrl(pin.color, pin.typeName), scaledSize: new google.maps.Size(PIN_SIZE, PIN_SIZE) }}
      onClick={() => onSelectPin(pin.id)}
    />
  );
}

/** Google's geocoder, once the maps script is on the page: polls every 500 ms, gives up after 10 s. */
export async function googleGeocode(text: string): Promise<LatLng | null> {
  const started = Date.now();
  while (typeof google === "undefined" || !google.maps?.Geocoder) {
    if (Date.now() - started > 10_000) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
  const { results } = await new google.maps.Geocoder().geocode({ address: text });
  const loc = results[0]?.geometry.location;
  return loc ? { lat: loc.lat(), lng: loc.lng() } : null;
}
