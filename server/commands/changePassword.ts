import type { Knex } from "knex";
import { User } from "../models/User";
import { revokeUserSessions } from "../auth/session";

/**
 * Stores a new password hash inside the caller's transaction and ends every session of the account (cookie
 * and desktop app alike, on every app process), so whoever knew the old password is signed out. Hash first
 * (hashPassword), outside the transaction: bcrypt is slow and a transaction should not wait for it.
 */
export async function changePassword(userId: number, passwordHash: string, trx: Knex.Transaction): Promise<void> {
  await User.query(trx).patch({ passwordHash, passwordChangedAt: new Date().toISOString(), legacyLongPassword: false }).where({ id: userId });
  await revokeUserSessions(userId, trx);
}
