import type { Knex } from "knex";
import * as m0100 from "./20261122000100_create_users_and_roles";
import * as m0200 from "./20261122000200_create_chapters";
import * as m0300 from "./20261122000300_create_chapter_content";
import * as m0400 from "./20261122000400_create_site_content";
import * as m0500 from "./20261122000500_create_host_applications";
import * as m0600 from "./20261122000600_create_notes_and_activity";
import * as m0700 from "./20261122000700_create_mailing_lists";
import * as m0800 from "./20261122000800_create_email_aliases";
import * as m0900 from "./20261122000900_create_auth_support";
import * as m1000 from "./20261122001000_create_uploaded_images";
import * as m1100 from "./20261122001100_create_admin_events";
import * as m1200 from "./20261122001200_seed_roles_chapter_types_and_settings";
import * as s0100 from "./20261203000100_create_sessions";
import * as s0200 from "./20261203000200_create_rate_limit_hits";
import * as s0300 from "./20261203000300_drop_sign_in_attempts";
import * as s0400 from "./20261203000400_add_legacy_long_password_to_users";
import * as s0500 from "./20261203000500_mark_passwords_set_before_the_byte_limit";
import * as s0600 from "./20261203000600_add_list_double_opt_in";
import * as d0100 from "./20261204000100_index_chapter_events_by_single_date";
import * as d0200 from "./20261204000200_add_heartbeats_to_jobs";
import * as d0300 from "./20261204000300_create_list_deliveries";
import * as d0400 from "./20261204000400_add_unknown_to_list_messages";
import * as r0100 from "./20261210000100_create_read_versions";
import * as p0100 from "./20261211000100_index_lists_for_paging";
import * as l0100 from "./20261214000100_add_cancelled_dates_to_chapter_events";
import * as h0100 from "./20261220000100_create_chapter_health";
import * as h0200 from "./20261220000200_version_health_reads";
import * as v0100 from "./20261222000100_version_more_public_tables";
import * as c0100 from "./20261224000100_count_list_members";
import * as e0100 from "./20261226000100_index_email_search";
import * as k0100 from "./20261227000100_keep_public_reads_on_new_accounts";
import * as k0200 from "./20261227000200_create_meetup_confirmations";
import * as m2900 from "./20261229000100_add_postal_address_to_email_settings";
import * as ls0100 from "./20261230000100_add_source_to_list_members";
import * as st0100 from "./20261231000100_record_when_list_members_leave";
import * as st0200 from "./20261231000200_backfill_when_list_members_left";
import * as st0300 from "./20261231000300_version_list_messages";
import * as pd0100 from "./20270101000100_index_what_a_person_did";
import * as lr0100 from "./20270103000100_count_list_delivery_retries";
import * as nc0500 from "./20270104000500_add_network_contact_to_email_settings";
import * as rs0100 from "./20270110000100_create_rsvps";
import * as rs0200 from "./20270110000200_add_reminded_at_to_rsvps";
import * as rs0210 from "./20270110000210_add_rsvp_reminder_hours_to_email_settings";

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * The migrations, in order. Listed statically (rather than read from the folder) so that
 * they run the same under tsx, vitest and a bundled build. Add new ones at the end.
 */
export const migrations: Array<[string, Migration]> = [
  ["20261122000100_create_users_and_roles", m0100],
  ["20261122000200_create_chapters", m0200],
  ["20261122000300_create_chapter_content", m0300],
  ["20261122000400_create_site_content", m0400],
  ["20261122000500_create_host_applications", m0500],
  ["20261122000600_create_notes_and_activity", m0600],
  ["20261122000700_create_mailing_lists", m0700],
  ["20261122000800_create_email_aliases", m0800],
  ["20261122000900_create_auth_support", m0900],
  ["20261122001000_create_uploaded_images", m1000],
  ["20261122001100_create_admin_events", m1100],
  ["20261122001200_seed_roles_chapter_types_and_settings", m1200],
  ["20261203000100_create_sessions", s0100],
  ["20261203000200_create_rate_limit_hits", s0200],
  ["20261203000300_drop_sign_in_attempts", s0300],
  ["20261203000400_add_legacy_long_password_to_users", s0400],
  ["20261203000500_mark_passwords_set_before_the_byte_limit", s0500],
  ["20261203000600_add_list_double_opt_in", s0600],
  ["20261204000100_index_chapter_events_by_single_date", d0100],
  ["20261204000200_add_heartbeats_to_jobs", d0200],
  ["20261204000300_create_list_deliveries", d0300],
  ["20261204000400_add_unknown_to_list_messages", d0400],
  ["20261210000100_create_read_versions", r0100],
  ["20261211000100_index_lists_for_paging", p0100],
  ["20261214000100_add_cancelled_dates_to_chapter_events", l0100],
  ["20261220000100_create_chapter_health", h0100],
  ["20261220000200_version_health_reads", h0200],
  ["20261222000100_version_more_public_tables", v0100],
  ["20261224000100_count_list_members", c0100],
  ["20261226000100_index_email_search", e0100],
  ["20261227000100_keep_public_reads_on_new_accounts", k0100],
  ["20261227000200_create_meetup_confirmations", k0200],
  ["20261229000100_add_postal_address_to_email_settings", m2900],
  ["20261230000100_add_source_to_list_members", ls0100],
  ["20261231000100_record_when_list_members_leave", st0100],
  ["20261231000200_backfill_when_list_members_left", st0200],
  ["20261231000300_version_list_messages", st0300],
  ["20270101000100_index_what_a_person_did", pd0100],
  ["20270103000100_count_list_delivery_retries", lr0100],
  ["20270104000500_add_network_contact_to_email_settings", nc0500],
  ["20270110000100_create_rsvps", rs0100],
  ["20270110000200_add_reminded_at_to_rsvps", rs0200],
  ["20270110000210_add_rsvp_reminder_hours_to_email_settings", rs0210],
];

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
