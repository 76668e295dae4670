import type { Knex } from "knex";

/** Data every installation needs: the three roles, the six chapter types and the single-row settings. */
export const ROLES = [
  { id: 1, name: "Admin" },
  { id: 2, name: "Field Organizer" },
  { id: 3, name: "Chapter Host" },
];

export const CHAPTER_TYPES = [
  { id: 1, name: "drinking", hex_color: "#1f5fa8", email_domain: "drinkingliberally.org" },
  { id: 2, name: "screening", hex_color: "#7b3fa0", email_domain: "screeningliberally.org" },
  { id: 3, name: "living", hex_color: "#2e7d4f", email_domain: "livingliberally.org" },
  { id: 4, name: "laughing", hex_color: "#c25e00", email_domain: "laughingliberally.org" },
  { id: 5, name: "dining", hex_color: "#b3261e", email_domain: "diningliberally.org" },
  { id: 6, name: "reading", hex_color: "#5d4037", email_domain: "readingliberally.org" },
];

export async function up(knex: Knex): Promise<void> {
  await knex("roles").insert(ROLES);
  await knex("chapter_types").insert(CHAPTER_TYPES);
  await knex("front_page").insert({ id: 1, image_link_url: "", has_image: false });
  await knex("email_settings").insert({ id: 1, service_name: "sendInBlue" });
}

export async function down(knex: Knex): Promise<void> {
  await knex("email_settings").where({ id: 1 }).delete();
  await knex("front_page").where({ id: 1 }).delete();
  await knex("chapter_types")
    .whereIn(
      "id",
      CHAPTER_TYPES.map((t) => t.id),
    )
    .delete();
  await knex("roles")
    .whereIn(
      "id",
      ROLES.map((r) => r.id),
    )
    .delete();
}
