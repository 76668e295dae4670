import { HEALTH_LABELS, silentDaysOf, type ChapterHealthList } from "../contracts/chapterHealth";
import { toCsv } from "../lib/csv";

const CSV_HEADER = [
  "Chapter",
  "Slug",
  "State",
  "Health",
  "On the map",
  "Last email",
  "Days silent",
  "Last meetup",
  "Next meetup",
  "Last confirmed meetup",
  "Members",
  "Growth (30 days)",
  "Hosts",
  "Pinned active",
  "Pin note",
];

/** The health table as CSV (lib/csv: every cell quoted, formulas defused), in the table's order. */
export function presentHealthCsv(list: ChapterHealthList): string {
  return toCsv([
    CSV_HEADER,
    ...list.rows.map((r) => [
      r.title,
      r.slug,
      r.state.toUpperCase(),
      HEALTH_LABELS[r.health],
      r.status === 1 ? "yes" : "no",
      r.lastEmailAt ?? "",
      silentDaysOf(r, list.at),
      r.lastMeetupAt ?? "",
      r.nextMeetupAt ?? "",
      r.lastConfirmedMeetup ?? "",
      r.members,
      r.growth30d,
      r.hosts.join("; "),
      r.pinnedActive ? "yes" : "no",
      r.pinNote,
    ]),
  ]);
}
