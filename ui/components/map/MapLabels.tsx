import type { Placement } from "./cluster";
import { LABEL_FONT, type MapLabel } from "./labels";
import type { MapPin } from "./types";
import { MAP_COLOURS } from "../../lib/palette";

// Inline, so the page's text rules (its font and size) do not reach the map's names.
const FONT = "Arial, Helvetica, sans-serif";
// Colours as styles too: they are the theme's map tokens (CSS variables), which SVG attributes cannot take.
const stateStyle = { fontFamily: FONT, fontSize: LABEL_FONT.state, fontWeight: 700, letterSpacing: 1, fill: MAP_COLOURS.stateLabel } as const;
const cityStyle = { fontFamily: FONT, fontSize: LABEL_FONT.city, fontWeight: 400, fill: MAP_COLOURS.ink } as const;

/** The names of states and cities (see placeLabels), drawn in the map's SVG over the land and under the pins. */
export function MapLabels({ labels }: { labels: MapLabel[] }) {
  return (
    <g data-map-labels paintOrder="stroke" style={{ stroke: MAP_COLOURS.land }} strokeWidth={3} strokeLinejoin="round">
      {labels.map((l) =>
        l.kind === "state" ? (
          <text key={`state-${l.key}`} data-label="state" x={l.x} y={l.y} textAnchor="middle" style={stateStyle}>
            {l.text}
          </text>
        ) : (
          <g key={`city-${l.key}`}>
            <circle cx={l.dot!.x} cy={l.dot!.y} r={2.5} style={{ fill: MAP_COLOURS.ink, stroke: MAP_COLOURS.paper }} strokeWidth={1} />
            <text data-label="city" x={l.x} y={l.y} textAnchor={l.anchor} style={cityStyle}>
              {l.text}
            </text>
          </g>
        ),
      )}
    </g>
  );
}

/** The lines from pins spread around a spot they share back to that spot, and a dot on the spot. */
export function SpreadLines({ placed }: { placed: Placement<MapPin>[] }) {
  const spread = placed.filter((p): p is Placement<MapPin> & { kind: "pin"; from: { x: number; y: number } } => p.kind === "pin" && Boolean(p.from));
  if (!spread.length) return null;
  return (
    <g data-spread-lines style={{ stroke: MAP_COLOURS.ink }} strokeWidth={1.5}>
      {spread.map((p) => (
        <line key={p.item.id} x1={p.from.x} y1={p.from.y} x2={p.x} y2={p.y} />
      ))}
      {[...new Set(spread.map((p) => `${p.from.x},${p.from.y}`))].map((at) => {
        const [x, y] = at.split(",").map(Number);
        return <circle key={at} cx={x} cy={y} r={4} fill={MAP_COLOURS.cluster} stroke={MAP_COLOURS.pinOutline} strokeWidth={1.5} />;
      })}
    </g>
  );
}
