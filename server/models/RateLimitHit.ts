import { BaseModel } from "./BaseModel";

/** One counted request of a rate limit; `bucket` names what is limited (server/lib/rateLimits.ts). */
export class RateLimitHit extends BaseModel {
  static override tableName = "rate_limit_hits";
  static override timestamps = "created" as const;
  bucket!: string;
}
