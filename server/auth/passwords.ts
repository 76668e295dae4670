import bcrypt from "bcrypt";
import { z } from "zod";
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem, passwordBytes, PASSWORD_TOO_SHORT } from "../contracts/password";

export { MIN_PASSWORD_LENGTH };
const rounds = Number(process.env.BCRYPT_ROUNDS) || 11;

/** A password being set (signup, reset): at least 6 characters, at most 72 bytes. */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .superRefine((password, ctx) => {
    const problem = newPasswordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export function hashPassword(password: string): Promise<string> {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  return bcrypt.hash(password, rounds);
}

/**
 * bcrypt compares the first 72 bytes only. A longer input can be right only for a password set before the
 * limit (`legacyLongPassword`); for any other account it is wrong, whatever its first 72 bytes are.
 */
export async function verifyPassword(password: string, hash: string, legacyLongPassword = false): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash);
  return matches && (legacyLongPassword || passwordBytes(password) <= MAX_PASSWORD_BYTES);
}
