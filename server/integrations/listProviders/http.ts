import { ProviderError } from "./types";

/** Seconds or an HTTP date (Retry-After), or Brevo's x-sib-ratelimit-reset seconds, as milliseconds. */
export function retryAfterMs(headers: Headers): number | undefined {
  const raw = headers.get("retry-after") ?? headers.get("x-sib-ratelimit-reset");
  if (!raw) return undefined;
  const secs = Number(raw);
  if (Number.isFinite(secs)) return Math.max(0, Math.round(secs * 1000));
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** fetch with a timeout; a network failure or timeout becomes a retryable ProviderError. */
export async function providerFetch(provider: string, url: string, init: RequestInit, timeoutMs = 15_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderError(`${provider} could not be reached: ${(err as Error).message}`, { retryable: true });
  }
}
