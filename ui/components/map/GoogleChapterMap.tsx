import { GoogleMap, InfoWindowF, MarkerF, useJsApiLoader } from "@react-google-maps/api";
import { useEffect, useMemo, useRef, useState } from "react";
import { clusterDataUrl, spreadSamePlace, pinDataUrl } from "./pins";
import { clusterPoints, worldPixel, zoomToSeparate } from "./cluster";
import { ALASKA_CENTER, FAN_OUT_MAX, INFO_WINDOW, PIN_SIZE, US_CENTER, type ChapterMapProps, type LatLng, type MapPin } from "./types";

/** Google's closest zoom level on road maps. */
const MAX_GOOGLE_ZOOM = 21;
import { boundingBoxCenter, useOutline } from "./outlines";
import { clusterLabel, MapLoadingOverlay } from "./parts";
import { useMapLoadingOverlay } from "./useMapLoadingOverlay";
import { MAP_COLOURS } from "../../lib/palette";
import { Theme } from "@chakra-ui/react";

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
  const spread = useMemo(() => spreadSamePlace(pins), [pins]);
  const selected = spread.find((p) => p.id === selectedPinId) ?? null;
  // Pins that overlap at the map's zoom level are clustered, as on the offline map; the selected pin stands alone.
  const mapRef = useRef<google.maps.Map | null>(null);
  const [mapZoom, setMapZoom] = useState(zoom);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const placed = useMemo(() => {
    const points = spread.filter((p) => p.id !== selectedPinId).map((p) => ({ item: p, ...worldPixel(p.lat, p.lng, mapZoom) }));
    return clusterPoints(points, { distance: PIN_SIZE, fanOutMax: FAN_OUT_MAX, keyOf: (p: MapPin) => p.id, expanded });
  }, [spread, selectedPinId, mapZoom, expanded]);

  const handleOpenCluster = (items: MapPin[], key: string) => {
    const factor = zoomToSeparate(
      items.map((p) => worldPixel(p.lat, p.lng, mapZoom)),
      PIN_SIZE,
      2 ** (MAX_GOOGLE_ZOOM - mapZoom),
    );
    if (factor <= 1.01) return setExpanded((cur) => new Set([...cur, key]));
    const center = { lat: items.reduce((a, p) => a + p.lat, 0) / items.length, lng: items.reduce((a, p) => a + p.lng, 0) / items.length };
    setCamera({ center, zoom: Math.min(MAX_GOOGLE_ZOOM, mapZoom + Math.ceil(Math.log2(factor))) });
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
                position={{ lat: p.items.reduce((a, i) => a + i.lat, 0) / p.items.length, lng: p.items.reduce((a, i) => a + i.lng, 0) / p.items.length }}
                title={clusterLabel(p.items.length)}
                label={{ text: p.items.length.toLocaleString("en-US"), color: MAP_COLOURS.clusterText, fontWeight: "700" }}
                icon={{ url: clusterDataUrl(), scaledSize: new google.maps.Size(PIN_SIZE, PIN_SIZE) }}
                onClick={() => handleOpenCluster(p.items, p.key)}
              />
            ) : (
              <PinMarker key={p.item.id} pin={p.item} onSelectPin={onSelectPin} />
            ),
          )}
          {selected && <PinMarker pin={selected} onSelectPin={onSelectPin} />}
          {selected && (
            <InfoWindowF
              position={{ lat: selected.lat, lng: selected.lng }}
              options={{ maxWidth: INFO_WINDOW.maxWidth, pixelOffset: new google.maps.Size(0, -PIN_SIZE) }}
              onCloseClick={() => onSelectPin(null)}
            >
              {/* Google draws a white bubble in either colour mode: its content stays light. */}
              <Theme appearance="light" style={{ padding: INFO_WINDOW.padding }}>
                {renderInfo(selected)}
              </Theme>
            </InfoWindowF>
          )}
        </GoogleMap>
      )}
      {showOverlay && <MapLoadingOverlay />}
    </div>
  );
}

function PinMarker({ pin, onSelectPin }: { pin: MapPin; onSelectPin: (id: string) => void }) {
  return (
    <MarkerF
      position={{ lat: pin.lat, lng: pin.lng }}
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
