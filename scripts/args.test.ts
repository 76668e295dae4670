import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptArgs } from "./args";

const root = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };

/** The npm scripts that run a script of ours with arguments: the benchmarks, seed:scale and create-admin. */
const withArguments = Object.entries(pkg.scripts)
  .filter(([name]) => /^(bench:|seed:scale$|create-admin$)/.test(name))
  .map(([name, command]) => ({ name, file: /tsx (scripts\/[\w-]+\.ts)$/.exec(command)![1] }));

afterEach(() => vi.restoreAllMocks());

describe("--help", () => {
  it("prints the usage at the top of the script's file and ends before anything starts", () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const url = pathToFileURL(path.join(root, "scripts/bench-mixed.ts")).href;
    for (const flag of ["--help", "-h"]) {
      printed.length = 0;
      expect(() => scriptArgs(url, ["--postgres", flag])).toThrow("exit 0");
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/^npm run bench:mixed: the site under mixed reads and writes/);
      expect(printed[0]).toContain("\n  npm run bench:mixed -- --duration 10 --runs 1        a quick check\n");
      expect(printed[0]).not.toMatch(/^\s*\*|\*\//m);
    }
    expect(scriptArgs(url, ["--duration", "10", "--postgres", "--writes=note"])).toEqual({ duration: "10", postgres: "true", writes: "note" });
  });

  it("is how every script with arguments reads them, and each names its npm script at the top", () => {
    expect(withArguments.map((s) => s.name)).toEqual(
      expect.arrayContaining(["bench:api", "bench:web", "bench:health", "bench:map", "bench:mixed", "seed:scale"]),
    );
    for (const { name, file } of withArguments) {
      const source = fs.readFileSync(path.join(root, file), "utf8");
      expect(source, file).toMatch(new RegExp(`^/\\*\\*\\n \\* npm run ${name}[: ]`));
      expect(source, file).toContain("scriptArgs(import.meta.url)");
    }
  });

  it("npm run bench:mixed -- --help prints its usage and exits 0 without starting anything", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-mixed.ts", "--help"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    // Without --help it would build the UI and start the servers: far longer than this.
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    clearTimeout(timer);
    expect(code, out.slice(0, 500)).toBe(0);
    expect(out).toMatch(/^npm run bench:mixed: /);
    expect(out.trim().split("\n").at(-1)).toBe("any 5xx.");
  }, 60_000);
});
