import { z } from "zod";
import { isAllowedTimeZone } from "../contracts/timeZones";

/** A chapter's time zone as the API accepts it: one of TIME_ZONES (server/contracts/timeZones.ts). */
export const timeZoneSchema = z
  .string({ error: "Time Zone is Required" })
  .trim()
  .min(1, "Time Zone is Required")
  .refine(isAllowedTimeZone, "Time Zone must be one of the listed time zones");
