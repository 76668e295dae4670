import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./client";
import { createQueryClient, shouldRetry, STALE_TIME_MS } from "./queryClient";

const answered = (status: number) => new ApiRequestError(status, `${status}`, status === 0 ? "network_error" : "http_error", undefined, null);

describe("query client defaults", () => {
  it("never retries a 4xx answer", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, answered(status))).toBe(false);
  });

  it("retries a network error or a server error once", () => {
    for (const status of [0, 500, 503]) {
      expect(shouldRetry(0, answered(status))).toBe(true);
      expect(shouldRetry(1, answered(status))).toBe(false);
    }
  });

  it("makes a new cache each time, with a short stale time and no refetch on focus", () => {
    const a = createQueryClient();
    const b = createQueryClient();
    expect(a).not.toBe(b);
    a.setQueryData(["x"], 1);
    expect(b.getQueryData(["x"])).toBeUndefined();
    const defaults = a.getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(STALE_TIME_MS);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.retry).toBe(shouldRetry);
  });
});
