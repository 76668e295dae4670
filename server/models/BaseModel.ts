import { Model, type Pojo } from "objection";

/**
 * Every model: camelCase in code, snake_case in the database (mappers set on the knex
 * instance), ISO-8601 strings for timestamps on both databases, real booleans on SQLite.
 */
export class BaseModel extends Model {
  id!: number;
  createdAt?: string;
  updatedAt?: string;

  /** Columns stored as 0/1 on SQLite that should read as booleans. */
  static booleanColumns: string[] = [];
  /** Which of created_at / updated_at the table has ("updated": only updated_at, as the single-row settings tables). */
  static timestamps: "both" | "created" | "updated" | "none" = "both";

  override $beforeInsert(): void {
    const ctor = this.constructor as typeof BaseModel;
    const now = new Date().toISOString();
    if ((ctor.timestamps === "both" || ctor.timestamps === "created") && !this.createdAt) this.createdAt = now;
    if (ctor.timestamps === "both" || ctor.timestamps === "updated") this.updatedAt = now;
  }

  override $beforeUpdate(): void {
    const ctor = this.constructor as typeof BaseModel;
    if (ctor.timestamps === "both" || ctor.timestamps === "updated") this.updatedAt = new Date().toISOString();
  }

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const [key, value] of Object.entries(parsed)) {
      if (value instanceof Date) parsed[key] = value.toISOString();
    }
    for (const key of (this.constructor as typeof BaseModel).booleanColumns) {
      if (key in parsed && parsed[key] !== null) parsed[key] = Boolean(parsed[key]);
    }
    return parsed;
  }
}
