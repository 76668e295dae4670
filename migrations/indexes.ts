import type { Knex } from "knex";

/** An index a migration adds: its table, its columns in order, and its name. */
export interface IndexSpec {
  table: string;
  columns: string[];
  name: string;
}

/** Adds the indexes, in order (a migration's `up`). */
export async function addIndexes(knex: Knex, indexes: IndexSpec[]): Promise<void> {
  for (const { table, columns, name } of indexes) {
    await knex.schema.alterTable(table, (t) => {
      t.index(columns, name);
    });
  }
}

/** Drops the indexes, last first (the same migration's `down`). */
export async function dropIndexes(knex: Knex, indexes: IndexSpec[]): Promise<void> {
  for (const { table, columns, name } of [...indexes].reverse()) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(columns, name);
    });
  }
}
