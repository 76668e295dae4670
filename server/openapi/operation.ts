import { z } from "zod";

/** An answer that is not JSON: its media type and what the bytes are. */
export interface OtherAnswer {
  mediaType: string;
  description: string;
}

/**
 * One route of the API as the document describes it. The key in the table is the route as the router lists it
 * ("GET /api/chapter/slug/:slug"). Path parameters come from the path (names ending in `id`/`Id` are positive
 * whole numbers, `page` and `count` whole numbers, the rest text) unless `params` says otherwise.
 */
export interface Operation {
  summary: string;
  tag: string;
  description?: string;
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  /** Adds `page` and `limit` to the query and says where the next page is (X-Total-Count, Link). */
  paged?: boolean;
  /** A JSON body, or "image" for a multipart image upload. */
  body?: z.ZodType | "image";
  /** The JSON answer, a non-JSON one, or null for 204 No Content. */
  answer: z.ZodType | OtherAnswer | null;
  /** The status of a successful answer: 200 unless said. */
  status?: number;
  /**
   * Whether anyone may call it without signing in (the sign-in may still change the answer). Everything else
   * answers 401 to an anonymous caller.
   */
  public?: boolean;
}

export const csv = (description: string): OtherAnswer => ({ mediaType: "text/csv", description });
export const ics = (description: string): OtherAnswer => ({ mediaType: "text/calendar", description });
export const html = (description: string): OtherAnswer => ({ mediaType: "text/html", description });

/** Each entry of one tag, so the table groups by resource without repeating the tag. */
export function tagged(tag: string, ops: Record<string, Omit<Operation, "tag">>): Record<string, Operation> {
  return Object.fromEntries(Object.entries(ops).map(([key, op]) => [key, { ...op, tag }]));
}
