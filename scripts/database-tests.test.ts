import { describe, expect, it } from "vitest";
import { databaseTests } from "./database-tests";

describe("the test files that touch a database", () => {
  const list = databaseTests(["server", "migrations", "scripts/seed-scale"]);

  it("include every file on the test harness, the migrations' and the scale seed's", () => {
    expect(list).toContain("server/routes/chapters.test.ts");
    expect(list).toContain("server/mailingLists/crash.processes.test.ts");
    expect(list.some((f) => f.startsWith("migrations/"))).toBe(true);
    expect(list.some((f) => f.startsWith("scripts/seed-scale/"))).toBe(true);
  });

  it("leave out those that never reach one", () => {
    expect(list).not.toContain("server/schedule/engine.test.ts");
    expect(list).not.toContain("server/lib/csv.test.ts");
    expect(list.every((f) => f.endsWith(".test.ts"))).toBe(true);
  });
});
