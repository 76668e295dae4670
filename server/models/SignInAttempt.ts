import { BaseModel } from "./BaseModel";

/** A failed sign-in, counted per account and per address to slow down guessing. */
export class SignInAttempt extends BaseModel {
  static override tableName = "sign_in_attempts";
  static override timestamps = "created" as const;
  email!: string;
  ip!: string;
}
