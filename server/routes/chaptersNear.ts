import type Router from "@koa/router";
import { z } from "zod";
import { badRequest } from "../errors";
import { parse } from "../lib/validate";
import { readCacheOf, sendCached } from "../lib/readCache";
import { singleLine } from "../contracts/text";
import { PLACE_HINT, PLACE_MAX_LENGTH, placeQuery } from "../contracts/place";
import type { NearChaptersAnswer } from "../contracts/chapter";
import { nearestChapters, placedChapters, type PlacedChapter } from "../presenters/chaptersNear";
import { CHAPTER_LIST_TABLES, activeChaptersAndEvents } from "./chapters";
import { ChapterType } from "../models/ChapterType";
import type { Services } from "../services";

const NEAR_LIMIT_DEFAULT = 10;
const NEAR_LIMIT_MAX = 50;

export const nearSchema = z.object({
  place: singleLine(
    z
      .string({ error: 'place is required: a ZIP code or "City, ST"' })
      .trim()
      .min(1, 'place is required: a ZIP code or "City, ST"')
      .max(PLACE_MAX_LENGTH, `place must be at most ${PLACE_MAX_LENGTH} characters`),
    "place",
  ),
  limit: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? NEAR_LIMIT_DEFAULT : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= NEAR_LIMIT_MAX, `limit must be a whole number from 1 to ${NEAR_LIMIT_MAX}`),
  type: singleLine(z.string().trim().toLowerCase().max(40, "type must be at most 40 characters"), "type")
    .optional()
    .describe("A chapter type's name (drinking, screening, living, laughing, dining, reading): only chapters of that family"),
});

/** The chapters of one type, or all of them without a type; a type that does not exist is a 400 naming them. */
function ofType(chapters: PlacedChapter[], types: { id: number; name: string }[], type: string | undefined): PlacedChapter[] {
  if (!type) return chapters;
  const wanted = types.find((t) => t.name.toLowerCase() === type);
  if (!wanted) throw badRequest(`Unknown chapter type: "${type}". Try one of ${types.map((t) => t.name).join(", ")}.`, "type");
  return chapters.filter((c) => c.chapterTypeId === wanted.id);
}

/**
 * The nearest active chapters to a place (a visitor's first question). The chapters' places are kept ready like the
 * other public lists (lib/readCache), and so is each place's answer (with its ETag): a place searched again, by
 * anyone and in any spelling of it (placeQuery), is sent as kept bytes until a chapter or an event changes or a next
 * meetup passes.
 */
export function chaptersNearRoutes(router: Router, s: Services) {
  const reads = readCacheOf(s.knex);
  const placed = () =>
    reads.kept<{ chapters: PlacedChapter[]; types: ChapterType[]; expiresAt: number }>("chapters:near", CHAPTER_LIST_TABLES, async (now) => {
      const [[rows, events], types] = await Promise.all([
        activeChaptersAndEvents(["id", "slug", "title", "city", "state", "postalCode", "chapterTypeId", "timeZone"]),
        ChapterType.query().select("id", "name").orderBy("id"),
      ]);
      const expiry = { at: Infinity };
      const chapters = await placedChapters(rows, events, types, now, expiry);
      return { kept: { chapters, types, expiresAt: expiry.at }, expiresAt: expiry.at };
    });

  router.get("/chapters/near", async (ctx) => {
    const input = parse(nearSchema, ctx.query);
    // Kept under the place as one spelling: " 78704 ", "78704-0001" and "Austin, TX 78704" share an answer.
    const query = placeQuery(input.place);
    const key = `chapters:near:${input.limit}:${input.type ?? ""}:${query}`;
    const answer = await reads.answer(key, CHAPTER_LIST_TABLES, async () => {
      const place = await s.geocoder.geocodePlace(query);
      if (!place) throw badRequest(`Unknown place: "${input.place}". ${PLACE_HINT}`, "place");
      const { chapters, types, expiresAt } = await placed();
      const value: NearChaptersAnswer = {
        place: { label: place.label, lat: place.lat, lng: place.lng },
        chapters: nearestChapters(ofType(chapters, types, input.type), place, input.limit),
      };
      return { value, expiresAt };
    });
    sendCached(ctx, answer);
  });
}
