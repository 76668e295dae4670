import { SignInAttempt } from "../models/SignInAttempt";

/** Failed sign-ins are kept in the database so that every app process counts the same. */
export const WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 50;

function windowStart(): string {
  return new Date(Date.now() - WINDOW_MINUTES * 60_000).toISOString();
}

async function countSince(column: "email" | "ip", value: string): Promise<number> {
  const row = (await SignInAttempt.query().where(column, value).where("createdAt", ">=", windowStart()).count("* as n").first()) as unknown as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Returns a message when this account or address has failed too often, else null. */
export async function checkSignInRate(email: string, ip: string): Promise<string | null> {
  const [forAccount, forIp] = await Promise.all([countSince("email", email), countSince("ip", ip)]);
  if (forAccount >= MAX_FAILURES_PER_ACCOUNT || forIp >= MAX_FAILURES_PER_IP) {
    return `Too many sign-in attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`;
  }
  return null;
}

export async function recordSignInFailure(email: string, ip: string): Promise<void> {
  await SignInAttempt.query().insert({ email, ip });
  // Old rows are of no use; trim them now and then.
  if (Math.random() < 0.05) await SignInAttempt.query().where("createdAt", "<", windowStart()).delete();
}

export async function clearSignInFailures(email: string): Promise<void> {
  await SignInAttempt.query().where("email", email).delete();
}
