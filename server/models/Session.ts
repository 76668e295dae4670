import { BaseModel } from "./BaseModel";

/** One signed-in browser or desktop app. The token carries `sid`; the row decides whether it still counts. */
export class Session extends BaseModel {
  static override tableName = "sessions";
  static override timestamps = "created" as const;
  sid!: string;
  userId!: number;
  expiresAt!: string;
  revokedAt!: string | null;
}
