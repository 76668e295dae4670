import { defaultTimeZone } from "../contracts/timeZones";

/**
 * The usual time zone of a state (a new chapter's default; chapter settings can change it). The table lives in
 * server/contracts/timeZones.ts with the list of zones a chapter may have; `int` chapters get one from their
 * country when known, else UTC.
 */
export function timeZoneForState(state: string, country?: string | null): string {
  return defaultTimeZone(state, country);
}
