import { BaseModel } from "./BaseModel";

export type AdminEventType = "host_application_created" | "alias_rate_limited" | "chapter_dormant";

export class AdminEvent extends BaseModel {
  static override tableName = "admin_events";
  static override timestamps = "created" as const;
  static override jsonAttributes = ["payload"];
  type!: AdminEventType;
  payload!: Record<string, unknown>;
}
