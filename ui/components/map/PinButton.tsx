import type { MouseEvent } from "react";
import { pinDataUrl } from "./pins";
import type { Placement } from "./cluster";
import { PIN_HIT, PIN_SIZE, type MapPin } from "./types";
import { MAP_ITEM_ATTRIBUTE } from "./pinKeys";

/**
 * A pin of the offline map: a button (the clickable part, PIN_HIT) around a marker drawn 40 x 40, whose tip is on the pin's spot (or, spread around a spot it
 * shares, at the end of its line). It carries its place (data-lat, data-lng), so a test can check where it is drawn.
 */
export function PinButton({
  pin,
  selected,
  onSelect,
}: {
  pin: Placement<MapPin> & { kind: "pin" };
  selected: boolean;
  onSelect: (e: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { item } = pin;
  return (
    <button
      type="button"
      aria-label={item.title}
      title={item.title}
      aria-expanded={selected}
      data-pin-id={item.id}
      // Reached with the arrow keys from the map (ui/components/map/pinKeys.ts), not one Tab stop each.
      tabIndex={-1}
      {...{ [MAP_ITEM_ATTRIBUTE]: "" }}
      data-lat={item.lat}
      data-lng={item.lng}
      data-spread={pin.from ? "true" : undefined}
      onClick={onSelect}
      style={{
        position: "absolute",
        left: pin.x - PIN_HIT.w / 2,
        top: pin.y - PIN_HIT.h - 2,
        width: PIN_HIT.w,
        height: PIN_HIT.h,
        padding: 0,
        border: 0,
        background: "transparent",
        cursor: "pointer",
        overflow: "visible",
        zIndex: selected ? 3 : 2,
      }}
    >
      <img
        src={pinDataUrl(item.color, item.typeName)}
        width={PIN_SIZE}
        height={PIN_SIZE}
        alt=""
        draggable={false}
        // Full size, whatever the page's rules for images (max-width: 100% would shrink it to the button, off its spot).
        style={{
          display: "block",
          position: "absolute",
          left: (PIN_HIT.w - PIN_SIZE) / 2,
          top: PIN_HIT.h + 2 - PIN_SIZE,
          width: PIN_SIZE,
          height: PIN_SIZE,
          maxWidth: "none",
          pointerEvents: "none",
        }}
      />
    </button>
  );
}
