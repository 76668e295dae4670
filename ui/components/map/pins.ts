import type { ChapterEventInfo, ChapterTypeInfo } from "../../../server/contracts/chapter";
import type { ChapterPin } from "../../api/chapters";
import type { MapPin } from "./types";
import { readableTextOn } from "../../lib/contrast";
import { hasPlace } from "../../lib/format";
import { MAP_COLOURS } from "../../lib/palette";

/** A pin titled "Chapter: Event" (or just the chapter), drawn in its chapter type's icon and colour. */
const pinOf = (id: string, at: { lat: number; lng: number }, title: string, type: Pick<ChapterTypeInfo, "name" | "hexColor">, state: string): MapPin => ({
  id,
  lat: at.lat,
  lng: at.lng,
  title,
  typeName: type.name,
  color: type.hexColor,
  state,
});

/** One pin per chapter row of the home map that has a place. */
export function mapPinsOf(chapters: ChapterPin[]): MapPin[] {
  return chapters
    .filter((c): c is ChapterPin & { lat: number; lng: number } => c.lat != null && c.lng != null)
    .map((c) => pinOf(String(c.id), c, c.eventName ? `${c.name}: ${c.eventName}` : c.name, c.type, c.state));
}

/** One pin per event of a chapter that has a place (chapter and state pages); `idOf` names each pin, the event id by default. */
export function eventPinsOf(
  chapter: { displayTitle: string; chapterType: Pick<ChapterTypeInfo, "name" | "hexColor">; state: string },
  events: ChapterEventInfo[],
  idOf: (event: ChapterEventInfo) => string = (e) => String(e.id),
): MapPin[] {
  return events.filter(hasPlace).map((e) => pinOf(idOf(e), e, `${chapter.displayTitle}: ${e.name}`, chapter.chapterType, chapter.state));
}

/** Short text drawn on each pin so types differ by more than colour. */
const TYPE_GLYPH: Record<string, string> = {
  drinking: "Dr",
  screening: "Sc",
  living: "Lv",
  laughing: "La",
  dining: "Di",
  reading: "Rd",
};

const glyphFor = (typeName: string) => TYPE_GLYPH[typeName] ?? (typeName.slice(0, 2) || "?");

/** The pin as an SVG document (Google marker icons need a URL). 40 x 40, tip at the bottom centre. */
export function pinSvg(color: string, typeName: string): string {
  const glyph = glyphFor(typeName);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><path d="M20 39C20 39 6 24 6 15a14 14 0 0 1 28 0c0 9-14 24-14 24z" fill="${color}" stroke="${MAP_COLOURS.pinOutline}" stroke-width="2"/><text x="20" y="20" text-anchor="middle" font-family="Arial,sans-serif" font-size="11" font-weight="bold" fill="${readableTextOn(color)}">${glyph}</text></svg>`;
}

/** A cluster marker for Google maps: a round badge (the count is the marker's label). */
export const clusterDataUrl = () =>
  `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><circle cx="20" cy="20" r="17" fill="${MAP_COLOURS.cluster}" stroke="${MAP_COLOURS.pinOutline}" stroke-width="3"/></svg>`)}`;

export const pinDataUrl = (color: string, typeName: string) => `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(pinSvg(color, typeName))}`;
