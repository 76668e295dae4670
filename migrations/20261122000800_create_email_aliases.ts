import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("email_aliases", (t) => {
    t.increments("id").primary();
    t.string("local_part", 64).notNullable();
    t.string("domain", 253).notNullable();
    t.text("recipients").notNullable();
    t.integer("chapter_id").references("chapters.id").onDelete("SET NULL").index();
    t.string("mailgun_route_id", 100);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.unique(["local_part", "domain"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("email_aliases");
}
