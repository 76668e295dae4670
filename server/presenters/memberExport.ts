import { toCsv } from "../lib/csv";

/** One member as the export writes it: how they joined is the contact's source, null when it was not recorded. */
export interface ExportedMember {
  chapter: string;
  email: string;
  name: string;
  status: string;
  /** YYYY-MM-DD in the chapter's time zone. */
  joined: string;
  source: string | null;
}

const SOURCE_LABELS: Record<string, string> = { signup: "Sign-up form", host: "Added by a host" };
const sourceLabel = (source: string | null): string => (source ? (SOURCE_LABELS[source] ?? source) : "Not recorded");

const HEADER = ["Email", "Name", "Status", "Joined", "How they joined"];

/** The header line of the member export; the network's export starts each row with the chapter. */
export const memberCsvHeader = (withChapter: boolean): string => toCsv([withChapter ? ["Chapter", ...HEADER] : HEADER]);

/** One member's line (lib/csv: every cell quoted, formulas defused). Nothing else of the contact leaves. */
export function presentMemberCsvRow(m: ExportedMember, withChapter: boolean): string {
  const cells = [m.email, m.name, m.status, m.joined, sourceLabel(m.source)];
  return toCsv([withChapter ? [m.chapter, ...cells] : cells]);
}

/** The download's file name: safe characters only, as it goes into a Content-Disposition header. */
export const memberExportFileName = (slug: string, date: string): string =>
  `members-${
    slug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "chapter"
  }-${date}.csv`;
