import { INFO_WINDOW } from "./types";

/** Space between the info window and the map's edges. */
const INFO_MARGIN = 10;
/** A pin is drawn 40 px tall above its spot: the info window above it keeps 2 px more clear. */
const PIN_CLEARANCE = 42;
/** Below a pin, the window starts this far under its spot. */
const BELOW_GAP = 6;

export interface InfoWindowPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  /** How far to move the map so the window fits beside its pin (0, 0 when it does). */
  pan: { dx: number; dy: number };
}

/**
 * Where the selected pin's info window goes: always wholly inside the map. Above its pin when there is room, else
 * below it; when neither has room, where the pin is now (over it if need be), with the pan that would make room
 * above it, as Google's info window pans the map. Taller than the map, it scrolls inside.
 */
export function placeInfoWindow(input: { anchorX: number; anchorY: number; mapWidth: number; mapHeight: number; contentHeight: number }): InfoWindowPlacement {
  const { anchorX, anchorY, mapWidth, mapHeight, contentHeight } = input;
  const width = Math.max(0, Math.min(INFO_WINDOW.maxWidth, mapWidth - 2 * INFO_MARGIN));
  const height = Math.max(0, Math.min(contentHeight, mapHeight - 2 * INFO_MARGIN));
  const clampX = (x: number) => Math.max(INFO_MARGIN, Math.min(x, mapWidth - width - INFO_MARGIN));
  const clampY = (y: number) => Math.max(INFO_MARGIN, Math.min(y, mapHeight - height - INFO_MARGIN));
  // The pin itself kept on the map, away from the edges.
  const sideRoom = 14 + INFO_MARGIN;
  const dx = anchorX < sideRoom ? sideRoom - anchorX : anchorX > mapWidth - sideRoom ? mapWidth - sideRoom - anchorX : 0;
  const left = clampX(anchorX - width / 2);

  const aboveTop = anchorY - PIN_CLEARANCE - height;
  const belowTop = anchorY + BELOW_GAP;
  const fitsAbove = aboveTop >= INFO_MARGIN && anchorY <= mapHeight;
  const fitsBelow = belowTop + height <= mapHeight - INFO_MARGIN && anchorY - PIN_CLEARANCE >= 0;
  if (fitsAbove) return { left, top: aboveTop, width, height, pan: { dx, dy: 0 } };
  if (fitsBelow) return { left, top: belowTop, width, height, pan: { dx, dy: 0 } };
  // No room either side: move the pin to where the window fits above it, if the map is tall enough for both.
  const pinAt = INFO_MARGIN + height + PIN_CLEARANCE;
  const dy = pinAt <= mapHeight - INFO_MARGIN ? pinAt - anchorY : 0;
  return { left, top: clampY(anchorY > mapHeight / 2 ? aboveTop : belowTop), width, height, pan: { dx, dy } };
}
