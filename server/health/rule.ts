import type { ChapterHealthSettings, HealthState, SilenceStart } from "../contracts/chapterHealth";

const DAY_MS = 86_400_000;

export interface HealthInput {
  /** The newest chapter post (every list email is kept as one). */
  lastEmailAt: string | null;
  createdAt: string;
  /** Set when an admin re-enables or unpins the chapter, or a list email brings it back: the count restarts. */
  countedFrom: string | null;
  pinnedActive: boolean;
  /** When the chapter's last meetup with attendance recorded (someone marked as having come) started. */
  lastAttendedAt?: string | null;
}

/** The latest of some ISO instants, in epoch ms. */
const latest = (...dates: (string | null)[]) => Math.max(...dates.map((d) => (d ? Date.parse(d) : -Infinity)));

/**
 * The rule (docs/decisions.md, "Chapter health"): silence is counted from the last email to the list or the last
 * meetup a host recorded attendance for (docs/decisions/109-whos-coming.md), or from the chapter's creation or
 * re-enabling when later; at `atRiskAfterDays` whole days the chapter is at risk, at
 * `dormantAfterDays` dormant. A chapter an admin pinned is active whatever its silence.
 */
export function healthOf(
  input: HealthInput,
  settings: ChapterHealthSettings,
  now: Date,
): { health: HealthState; since: string; from: SilenceStart; silentDays: number } {
  const attendedAt = input.lastAttendedAt ?? null;
  const sinceMs = latest(input.createdAt, input.lastEmailAt, input.countedFrom, attendedAt);
  const since = new Date(sinceMs).toISOString();
  // On a tie the email says most (a list email that brings a chapter back restarts the count at the same moment).
  const from: SilenceStart =
    latest(input.lastEmailAt) === sinceMs
      ? "last_email"
      : latest(input.countedFrom) === sinceMs
        ? "brought_back"
        : latest(attendedAt) === sinceMs
          ? "attended_meetup"
          : "founded";
  const silentDays = Math.max(0, Math.floor((now.getTime() - sinceMs) / DAY_MS));
  let health: HealthState = "active";
  if (!input.pinnedActive && silentDays >= settings.dormantAfterDays) health = "dormant";
  else if (!input.pinnedActive && silentDays >= settings.atRiskAfterDays) health = "at_risk";
  return { health, since, from, silentDays };
}
