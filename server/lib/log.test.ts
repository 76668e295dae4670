import { format } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Context } from "koa";
import { errorMiddleware } from "../errors";
import { logError, logText, writeLog } from "./log";

const FORGED = "boom\r\n2030-01-01 GET /api/admin 200 admin signed in\u2028also forged";

let printed: string[];
beforeEach(() => {
  printed = [];
  // What the console would print, whatever arguments the code hands it.
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
});
afterEach(() => vi.restoreAllMocks());

/** Lines of the printed output that start a new entry (not indented). */
const entries = () =>
  printed
    .join("\n")
    .split(/\r\n|\r|\n|\u2028/)
    .filter((line) => !/^\s/.test(line));

describe("log lines cannot be forged by user text", () => {
  it("the API's error log writes an unexpected error whose message holds a line break as one entry", async () => {
    const ctx = { method: "GET", path: "/api/chapter/slug/x%0D%0Ay", set: () => {} } as unknown as Context;
    await errorMiddleware()(ctx, async () => {
      throw new Error(FORGED);
    });
    expect(ctx.status).toBe(500);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toBe("GET /api/chapter/slug/x%0D%0Ay failed: Error: boom\\r\\n2030-01-01 GET /api/admin 200 admin signed in\\u2028also forged");
    expect(printed.join("\n")).toMatch(/\n {4}at /);
  });

  it("writeLog escapes the message itself too", () => {
    writeLog(`job 7 (list.sendBatch) failed for good: ${FORGED}`);
    expect(printed).toEqual(["job 7 (list.sendBatch) failed for good: boom\\r\\n2030-01-01 GET /api/admin 200 admin signed in\\u2028also forged"]);
  });
});

describe("logText and logError", () => {
  it("escape every control character", () => {
    expect(logText("a\tb\u0000c\u001bd\u007fe\u0085f")).toBe("a\\tb\\u0000c\\u001bd\\u007fe\\u0085f");
  });

  it("keep an error's code and frames, and describe non-errors on one line", () => {
    const err = Object.assign(new Error('invalid input syntax: "x\ny"'), { code: "22P02" });
    const [head, ...frames] = logError(err).split("\n");
    expect(head).toBe('Error: invalid input syntax: "x\\ny" [22P02]');
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f.startsWith("    at "))).toBe(true);
    expect(logError({ detail: "a\nb" })).toBe("{ detail: 'a\\nb' }");
  });
});
