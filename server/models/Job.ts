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
  /** The claim's time, and the owner's token: only the worker that claimed at this time may record the outcome. */
  lockedAt!: string | null;
  /** Renewed by the owner while it works; a running job whose heartbeat is older than the lease is taken over. */
  heartbeatAt!: string | null;
  /** The process holding it (host:pid). */
  lockedBy!: string | null;
  lastError!: string | null;
}
