import { z } from "zod";

/** The named answer shapes: each becomes a schema under components/schemas in /api/openapi.json. */
export const namedAnswers = new Map<z.ZodType, string>();

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The zod form of an answer type from server/contracts, named for the document. The check is at compile time:
 * the schema's parsed type must be exactly the contract's type T (no field missing, none extra), so the document
 * cannot drift from what the presenters return.
 */
export function answer<T>() {
  return <S extends z.ZodType>(id: string, schema: S & (Same<z.output<S>, T> extends true ? unknown : { mismatch: "schema and contract type differ" })): S => {
    namedAnswers.set(schema, id);
    return schema;
  };
}

export const int = () => z.number().int();
/** A timestamp as the presenters write it (ISO 8601, UTC). */
export const timestamp = () => z.string().meta({ format: "date-time" });
/** A calendar date, YYYY-MM-DD. */
export const day = () => z.string().meta({ format: "date" });
