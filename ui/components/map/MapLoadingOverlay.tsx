import { MAP_COLOURS } from "../../lib/palette";

/** 'Map loading...' over the map until it is ready or 3 seconds have passed (spec 000 section 4). */
export function MapLoadingOverlay() {
  return (
    <div
      role="status"
      style={{
        position: "absolute",
        inset: 0,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: MAP_COLOURS.veil,
        color: MAP_COLOURS.ink,
        fontWeight: 600,
        zIndex: 5,
      }}
    >
      Map loading...
    </div>
  );
}
