import { bucketFor, bucketStats, clearBucket, deleteHits, HOUR_MS, recordHit, secondsUntil, withBuckets } from "../lib/rateLimits";

/**
 * Sign-in throttling (docs/decisions.md, "Sign-in throttling"): it slows the guesser, not the owner.
 * - Per account and client address: the first 10 failures in 24 hours are free; after the 10th, that pair waits
 *   30 s, doubling with each further failure, at most 15 minutes. A successful sign-in clears the pair.
 * - Per client address, across accounts: the first 100 failures in an hour are free, then the same delays.
 * A right password from another address always signs in. While delayed, even a right password is refused.
 */
const PAIR_FREE_FAILURES = 10;
const PAIR_WINDOW_MS = 24 * HOUR_MS;
const ADDRESS_FREE_FAILURES = 100;
const ADDRESS_WINDOW_MS = HOUR_MS;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;

/** How long to wait after the latest of `failures` failures, when `free` of them cost nothing. */
export function signInDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - free));
}

const delayedUntil = (latestFailure: number | null, delayMs: number) => (delayMs && latestFailure !== null ? latestFailure + delayMs : 0);

export interface SignInAttempt {
  hits: number[];
  pairBucket: string;
  /** Seconds the caller must wait (the attempt was not counted), or 0 to go ahead. */
  waitSeconds: number;
}

/**
 * Looks at the failures recorded before this attempt and, unless the caller must wait, records the attempt as a
 * failure before the password is checked: parallel guesses count against each other (the buckets are held
 * while counting). A refused attempt is not recorded: only checked passwords count, and waiting out a delay
 * is enough.
 */
export async function beginSignIn(email: string, ip: string): Promise<SignInAttempt> {
  const pairBucket = bucketFor("signin", email, ip);
  const addressBucket = bucketFor("signin-address", ip);
  return withBuckets([pairBucket, addressBucket], async (trx) => {
    const pair = await bucketStats(pairBucket, PAIR_WINDOW_MS, trx);
    const address = await bucketStats(addressBucket, ADDRESS_WINDOW_MS, trx);
    const until = Math.max(
      delayedUntil(pair.newest, signInDelayMs(pair.count, PAIR_FREE_FAILURES)),
      delayedUntil(address.newest, signInDelayMs(address.count, ADDRESS_FREE_FAILURES)),
    );
    if (until > Date.now()) return { hits: [], pairBucket, waitSeconds: secondsUntil(until) };
    const hits = [await recordHit(pairBucket, trx), await recordHit(addressBucket, trx)];
    return { hits, pairBucket, waitSeconds: 0 };
  });
}

/** The password was right: forget this pair's failures, and this attempt was no failure of the address. */
export async function signInSucceeded(attempt: SignInAttempt): Promise<void> {
  await clearBucket(attempt.pairBucket);
  await deleteHits(attempt.hits);
}
