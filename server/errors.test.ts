import { describe, expect, it } from "vitest";
import { DBError } from "objection";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import { busy, errorMiddleware, toHttpError } from "./errors";

const pgError = (code: string) => Object.assign(new Error("from postgres"), { code, severity: "ERROR" });
/** What objection throws for a failed query (its typings only know a message). */
const wrapped = (code: string) =>
  new (DBError as unknown as new (args: { nativeError: Error; client: string }) => Error)({ nativeError: pgError(code), client: "postgres" });

describe("toHttpError", () => {
  it("answers Postgres data exceptions (values that got past validation) with a 400, logged as unexpected", () => {
    const cases: [string, string][] = [
      ["22021", "Text may not contain NUL characters or invalid characters"],
      ["22P05", "Text may not contain NUL characters or invalid characters"],
      ["22003", "A number is out of range"],
      ["22P02", "A value is not in the expected form"],
      ["22001", "A value is too long"],
    ];
    for (const [code, message] of cases) {
      for (const err of [pgError(code), wrapped(code)]) {
        const answer = toHttpError(err);
        expect(answer, code).toMatchObject({ status: 400, body: { error: message, errorId: "validation_failed" }, expected: false });
      }
    }
  });

  it("keeps other database errors a 500 that reveals nothing", () => {
    const answer = toHttpError(wrapped("42P01"));
    expect(answer).toMatchObject({ status: 500, body: { error: "Something went wrong", errorId: "internal_error" }, expected: false });
    expect(toHttpError(Object.assign(new Error("x"), { code: "ECONNRESET" })).status).toBe(500);
  });
});

describe("errorMiddleware", () => {
  it("sends Retry-After with an error that says when to try again", async () => {
    const app = new Koa();
    app.use(errorMiddleware());
    app.use(() => {
      throw busy("Too busy right now", 30);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(await res.json()).toEqual({ error: "Too busy right now", errorId: "busy" });
    } finally {
      server.close();
    }
  });
});
