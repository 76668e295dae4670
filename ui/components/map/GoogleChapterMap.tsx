import { GoogleMap, InfoWindowF, MarkerF, useJsApiLoader } from "@react-google-maps/api";
import { useEffect, useMemo, useState } from "react";
import { spreadSamePlace, pinDataUrl } from "./pins";
import { ALASKA_CENTER, INFO_WINDOW, PIN_SIZE, US_CENTER, type ChapterMapProps, type LatLng } from "./types";
import { boundingBoxCenter, useOutline } from "./outlines";
import { MapLoadingOverlay } from "./parts";
import { useMapLoadingOverlay } from "./useMapLoadingOverlay";

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
        >
          {spread.map((pin) => (
            <MarkerF
              key={pin.id}
              position={{ lat: pin.lat, lng: pin.lng }}
              title={pin.title}
              icon={{ url: pinDataUrl(pin.color, pin.typeName), scaledSize: new google.maps.Size(PIN_SIZE, PIN_SIZE) }}
              onClick={() => onSelectPin(pin.id)}
            />
          ))}
          {selected && (
            <InfoWindowF position={{ lat: selected.lat, lng: selected.lng }} options={{ maxWidth: INFO_WINDOW.maxWidth, pixelOffset: new google.maps.Size(0, -PIN_SIZE) }} onCloseClick={() => onSelectPin(null)}>
              <div style={{ padding: INFO_WINDOW.padding }}>{renderInfo(selected)}</div>
            </InfoWindowF>
          )}
        </GoogleMap>
      )}
      {showOverlay && <MapLoadingOverlay />}
    </div>
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
