import type { Knex } from "knex";

/**
 * The chapter health rule (docs/decisions.md, "Chapter health"):
 * - chapter_health_settings: the single row of thresholds (absent until an admin saves; defaults 42 and 56 days);
 * - chapter_health: per chapter, an admin's pin ("keep active", with a note), when the rule took the chapter off
 *   the map (`dormant_since`, so that only those chapters come back by a list email) and when the count restarts
 *   (`counted_from`, set when an admin re-enables or unpins a chapter, or a list email brings it back);
 * - chapter_health_notices: one row per chapter, transition and silence (`since`, the instant the count started):
 *   inserted on conflict do nothing, so each notice goes out once however many processes run the daily job;
 * - chapter_health_runs: one row per day's run, claimed by insert, so only one run schedules the next.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chapter_health_settings", (t) => {
    t.integer("id").primary();
    t.integer("at_risk_after_days").notNullable();
    t.integer("dormant_after_days").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("chapter_health", (t) => {
    t.integer("chapter_id").primary().references("chapters.id").onDelete("CASCADE");
    t.boolean("pinned_active").notNullable().defaultTo(false);
    t.string("pin_note", 500).notNullable().defaultTo("");
    t.integer("pinned_by").references("users.id").onDelete("SET NULL");
    t.timestamp("dormant_since", { useTz: true });
    t.timestamp("counted_from", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("chapter_health_notices", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE");
    t.string("kind", 16).notNullable();
    t.string("since", 32).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["chapter_id", "kind", "since"]);
  });
  await knex.schema.createTable("chapter_health_runs", (t) => {
    t.string("run_date", 10).primary();
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chapter_health_runs");
  await knex.schema.dropTable("chapter_health_notices");
  await knex.schema.dropTable("chapter_health");
  await knex.schema.dropTable("chapter_health_settings");
}
