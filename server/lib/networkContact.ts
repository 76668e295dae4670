import type { Knex } from "knex";
import type { Config } from "../config";
import type { ContactPerson } from "../contracts/firstSteps";
import { parseAddress } from "../integrations/mail/headers";
import { EmailSettings } from "../models/EmailSettings";
import { Permission } from "../models/Permission";
import { ROLE_FIELD_ORGANIZER } from "../models/Role";

type WithConfig = { config: Pick<Config, "mailFrom"> };

/**
 * The network's contact: who hosts, applicants and visitors write to when no field organizer looks after them.
 * General Settings' Network Contact when set, else MAIL_FROM (its display name, else its address, as the name).
 */
export async function networkContact(s: WithConfig, trx?: Knex.Transaction): Promise<ContactPerson> {
  const row = await EmailSettings.query(trx).findById(1).select("networkContactName", "networkContactEmail");
  const email = row?.networkContactEmail?.trim() ?? "";
  const from = parseAddress(s.config.mailFrom);
  if (email) return { name: row?.networkContactName?.trim() || from.name || email, email };
  return { name: from.name || from.email, email: from.email };
}

/** A chapter's field organizers, longest-serving first (name and email only). */
export async function fieldOrganizersOf(chapterIds: number[], trx?: Knex.Transaction): Promise<(ContactPerson & { chapterId: number })[]> {
  if (!chapterIds.length) return [];
  const rows = await Permission.query(trx)
    .whereIn("chapterId", chapterIds)
    .where({ roleId: ROLE_FIELD_ORGANIZER })
    .withGraphFetched("user")
    .orderBy([
      { column: "createdAt", order: "asc" },
      { column: "id", order: "asc" },
    ]);
  return rows.flatMap((p) => (p.user ? [{ chapterId: p.chapterId!, name: p.user.name, email: p.user.email }] : []));
}

/** Who a chapter's hosts write to: its longest-serving field organizer, else the network contact. */
export async function chapterContact(s: WithConfig, chapterId: number, trx?: Knex.Transaction): Promise<ContactPerson> {
  const [organizer] = await fieldOrganizersOf([chapterId], trx);
  return organizer ? { name: organizer.name, email: organizer.email } : networkContact(s, trx);
}
