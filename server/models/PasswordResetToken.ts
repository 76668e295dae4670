import { BaseModel } from "./BaseModel";

/** Only the SHA-256 of a reset token is stored; the token itself goes out by mail once. */
export class PasswordResetToken extends BaseModel {
  static override tableName = "password_reset_tokens";
  userId!: number;
  tokenHash!: string;
  expiresAt!: string;
  usedAt!: string | null;
}
