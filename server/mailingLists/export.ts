import { Readable } from "node:stream";
import type { Knex } from "knex";
import { IANAZone } from "luxon";
import { displayTitle } from "../contracts/chapter";
import { RememberingZone } from "../schedule/fastZone";
import { memberCsvHeader, presentMemberCsvRow, type ExportedMember } from "../presenters/memberExport";

/** Members read per query: a page of rows is a few hundred kB of CSV at most, whatever the list's size. */
export const EXPORT_PAGE_SIZE = 1000;

interface ContactRow {
  id: number;
  chapterId: number;
  email: string;
  name: string | null;
  status: string;
  source: string | null;
  createdAt: string | Date;
}

interface ChapterInfo {
  title: string;
  zone: RememberingZone;
}

/**
 * One page of members after `afterId`, by id (keyset: served by the (chapter_id, id) index for one chapter, by
 * the primary key for the network). Deleted members are left out, as the Members screen's count does. The name
 * is the one of the site account with the same address, when there is one: list members hold no names.
 */
function pageAfter(knex: Knex, chapterId: number | null, afterId: number): Promise<ContactRow[]> {
  const query = knex("mailing_list_contacts as c")
    .leftJoin("users as u", "u.email", "c.email")
    .where("c.id", ">", afterId)
    .whereNot("c.status", "deleted")
    .whereNull("c.deleted_at")
    .orderBy("c.id")
    .limit(EXPORT_PAGE_SIZE)
    .select("c.id", "c.chapter_id", "c.email", "u.name", "c.status", "c.source", "c.created_at");
  if (chapterId !== null) query.where("c.chapter_id", chapterId);
  return query as unknown as Promise<ContactRow[]>;
}

/** The date a member joined, in their chapter's time zone (YYYY-MM-DD). */
function localDate(at: string | Date, zone: RememberingZone): string {
  const ms = new Date(at).getTime();
  return new Date(ms + zone.offset(ms) * 60_000).toISOString().slice(0, 10);
}

async function chaptersById(knex: Knex, chapterId: number | null): Promise<Map<number, ChapterInfo>> {
  const query = knex("chapters").select("id", "title", "city", "time_zone");
  if (chapterId !== null) query.where("id", chapterId);
  const rows = (await query) as { id: number; title: string; city: string; timeZone: string }[];
  const zones = new Map<string, RememberingZone>();
  const zoneOf = (name: string) => {
    let zone = zones.get(name);
    if (!zone) zones.set(name, (zone = new RememberingZone(IANAZone.create(name))));
    return zone;
  };
  return new Map(rows.map((r) => [r.id, { title: displayTitle(r), zone: zoneOf(r.timeZone) }]));
}

async function* exportLines(knex: Knex, chapterId: number | null): AsyncGenerator<string> {
  const withChapter = chapterId === null;
  const chapters = await chaptersById(knex, chapterId);
  yield memberCsvHeader(withChapter);
  let afterId = 0;
  for (;;) {
    const rows = await pageAfter(knex, chapterId, afterId);
    if (!rows.length) return;
    let text = "";
    for (const row of rows) {
      const chapter = chapters.get(row.chapterId);
      const member: ExportedMember = {
        chapter: chapter?.title ?? "",
        email: row.email,
        name: row.name ?? "",
        status: row.status,
        joined: chapter ? localDate(row.createdAt, chapter.zone) : new Date(row.createdAt).toISOString().slice(0, 10),
        source: row.source,
      };
      text += presentMemberCsvRow(member, withChapter);
    }
    yield text;
    afterId = rows[rows.length - 1].id;
  }
}

/**
 * A chapter's members (or, with null, the whole network's with a chapter column) as a CSV stream, oldest member
 * first, read a page at a time as the client takes the bytes: never the whole list in memory.
 */
export function memberExportStream(knex: Knex, chapterId: number | null): Readable {
  return Readable.from(exportLines(knex, chapterId), { objectMode: false });
}
