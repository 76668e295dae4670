import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** What NODE_ENV is after the module runs, in a fresh process with the given NODE_ENV (undefined: none set). */
function modeAfterImport(nodeEnv: string | undefined): string {
  const env = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  const code = 'await import("./server/productionByDefault.ts"); process.stdout.write(String(process.env.NODE_ENV));';
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { env, encoding: "utf8" });
}

describe("the server's run mode", () => {
  it("is production when nothing says otherwise, so React renders pages with its production build", () => {
    expect(modeAfterImport(undefined)).toBe("production");
  });

  it("is what NODE_ENV says when it is set (npm run dev: development)", () => {
    expect(modeAfterImport("development")).toBe("development");
  });
});
