import { z, type ZodType } from "zod";
import { badRequest, fromZod } from "../errors";
import { idMessage, MAX_ID } from "../contracts/fields";

export { emailSchema, idSchema, MAX_ID } from "../contracts/fields";

/** Validates input against a schema; a failure is a 400 naming the field. */
export function parse<T extends ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** A positive integer route parameter, e.g. /chapter/id/{id}. */
export function intParam(value: string | undefined, name = "id"): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw badRequest(idMessage(name), name);
  const n = Number(value);
  if (n < 1 || n > MAX_ID) throw badRequest(idMessage(name), name);
  return n;
}

export { normalizeSpaces } from "../contracts/text";
