import { BaseModel } from "./BaseModel";

export const ADMIN_EVENT_TYPES = ["host_application_created", "alias_rate_limited", "chapter_dormant"] as const;
export type AdminEventType = (typeof ADMIN_EVENT_TYPES)[number];

export class AdminEvent extends BaseModel {
  static override tableName = "admin_events";
  static override timestamps = "created" as const;
  static override jsonAttributes = ["payload"];
  type!: AdminEventType;
  payload!: Record<string, unknown>;
}
