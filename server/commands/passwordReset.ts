import { PasswordResetToken } from "../models/PasswordResetToken";
import { changePassword } from "./changePassword";

/**
 * Uses a reset token: claims it atomically (a second use finds usedAt set and changes nothing), stores the
 * new password hash, ends the account's sessions and spends its other open tokens, in one transaction.
 * Answers false when the token was already used.
 */
export async function resetPasswordWithToken(token: PasswordResetToken, passwordHash: string): Promise<boolean> {
  return PasswordResetToken.transaction(async (trx) => {
    const claimed = await PasswordResetToken.query(trx).patch({ usedAt: new Date().toISOString() }).where({ id: token.id }).whereNull("usedAt");
    if (claimed !== 1) return false;
    await changePassword(token.userId, passwordHash, trx);
    await PasswordResetToken.query(trx).patch({ usedAt: new Date().toISOString() }).where({ userId: token.userId }).whereNull("usedAt");
    return true;
  });
}
