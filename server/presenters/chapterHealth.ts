import { HEALTH_LABELS, silenceStartText, silentDaysOf, type ChapterHealthList } from "../contracts/chapterHealth";
import { localDateIn } from "../contracts/schedule";
import { toCsv } from "../lib/csv";

const CSV_HEADER = [
  "Chapter",
  "Slug",
  "State",
  "Health",
  "On the map",
  "Last email",
  "Days silent",
  "Silence counted",
  "Last meetup",
  "Next meetup",
  "Last confirmed meetup",
  "Members",
  "Growth (30 days)",
  "Hosts",
  "Pinned active",
  "Pin note",
  "Time zone",
];

/**
 * The health table as CSV (lib/csv: every cell quoted, formulas defused), in the table's order. Dates are the
 * chapter's local dates ("YYYY-MM-DD" in its time zone, the last column), as the table shows them.
 */
export function presentHealthCsv(list: ChapterHealthList): string {
  return toCsv([
    CSV_HEADER,
    ...list.rows.map((r) => [
      r.title,
      r.slug,
      r.state.toUpperCase(),
      HEALTH_LABELS[r.health],
      r.status === 1 ? "yes" : "no",
      localDateIn(r.lastEmailAt, r.timeZone),
      silentDaysOf(r, list.at),
      silenceStartText(r.silenceFrom, localDateIn(r.countedFrom, r.timeZone)),
      localDateIn(r.lastMeetupAt, r.timeZone),
      localDateIn(r.nextMeetupAt, r.timeZone),
      r.lastConfirmedMeetup ?? "",
      r.members,
      r.growth30d,
      r.hosts.join("; "),
      r.pinnedActive ? "yes" : "no",
      r.pinNote,
      r.timeZone,
    ]),
  ]);
}
