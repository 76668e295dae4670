import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { systemWithoutGlobals } from "./islandsChakra";

const require = createRequire(import.meta.url);

describe("the islands' Chakra", () => {
  it("makes no global styles in createSystem, and leaves the rest of the installed module as it is", () => {
    const file = path.join(path.dirname(require.resolve("@chakra-ui/react/package.json")), "dist", "esm", "styled-system", "system.js");
    const code = fs.readFileSync(file, "utf8");
    const changed = systemWithoutGlobals(code);
    expect(changed).toContain("const _global = [];");
    expect(changed).not.toContain("getTokenCss()]");
    // Only that line: the system still offers getTokenCss and the rest.
    expect(changed.split("\n").filter((line, i) => line !== code.split("\n")[i])).toEqual(["  const _global = [];"]);
    expect(changed).toContain("getTokenCss,");
  });

  it("fails the build when Chakra's module is not what it expects", () => {
    expect(() => systemWithoutGlobals("export function createSystem() {}")).toThrow(/no longer has/);
  });
});
