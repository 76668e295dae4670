import { BaseModel } from "./BaseModel";

export class Job extends BaseModel {
  static override tableName = "jobs";
  static override jsonAttributes = ["payload"];
  type!: string;
  payload!: Record<string, unknown>;
  status!: "pending" | "running" | "done" | "failed";
  attempts!: number;
  maxAttempts!: number;
  runAt!: string;
  lockedAt!: string | null;
  lastError!: string | null;
}
