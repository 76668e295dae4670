import { BaseModel } from "./BaseModel";

export const EMAIL_SERVICES = ["sendInBlue", "bronto"] as const;
export type EmailServiceName = (typeof EMAIL_SERVICES)[number];

/** The single row (id 1): which email-marketing provider the site uses. */
export class EmailSettings extends BaseModel {
  static override tableName = "email_settings";
  static override timestamps = "none" as const;
  serviceName!: EmailServiceName;

  override $beforeUpdate(): void {
    this.updatedAt = new Date().toISOString();
  }
}
