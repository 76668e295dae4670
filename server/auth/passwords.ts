import os from "node:os";
import { z } from "zod";
import { busy } from "../errors";
import { Gate } from "../lib/gate";
import { compareInWorker, hashInWorker } from "./passwordWorkers";
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, newPasswordProblem, passwordBytes, PASSWORD_TOO_SHORT } from "../contracts/password";

const rounds = Number(process.env.BCRYPT_ROUNDS) || 11;

/**
 * bcrypt takes a core for about 150 ms (11 rounds). Left alone, a burst of sign-ups or sign-ins puts a thread per
 * request on it and leaves the thread that answers every page a small share of the machine. At
 * most one hash or check per core beyond the first runs at once (one on a single core: the CPUs this process may use),
 * 5 more per slot wait their turn (a few seconds), and beyond that a 429 says when to try again.
 */
export const PASSWORD_WORK_SLOTS = Number(process.env.PASSWORD_HASH_CONCURRENCY) || Math.max(1, os.availableParallelism() - 1);
export const PASSWORD_WORK_BUSY = "Too many people are signing up or signing in right now. Please try again in a minute.";
const passwordWork = new Gate(PASSWORD_WORK_SLOTS, PASSWORD_WORK_SLOTS * 5, () => busy(PASSWORD_WORK_BUSY, 30));

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
  return passwordWork.run(() => hashInWorker(password, rounds));
}

/**
 * bcrypt compares the first 72 bytes only. A longer input can be right only for a password set before the
 * limit (`legacyLongPassword`); for any other account it is wrong, whatever its first 72 bytes are.
 */
export async function verifyPassword(password: string, hash: string, legacyLongPassword = false): Promise<boolean> {
  const matches = await passwordWork.run(() => compareInWorker(password, hash));
  return matches && (legacyLongPassword || passwordBytes(password) <= MAX_PASSWORD_BYTES);
}
