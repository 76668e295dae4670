import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SystemContext } from "@chakra-ui/react";
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from "@chakra-ui/react/theme";

/*
 * Which recipes of Chakra's the UI's components ask for, read from the sources: the names a file imports from
 * @chakra-ui/react, and the recipe keys each of those components (and the components it is made of) uses. The tests
 * of the app's system (ui/theme.test.ts) and of the islands' (ui/islands/system.test.tsx) hold them to it.
 */
export const uiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const chakraDir = path.join(uiDir, "..", "node_modules", "@chakra-ui", "react", "dist", "esm");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The names the UI imports from @chakra-ui/react. */
export function chakraNamesUsed(files: string[] = sourceFiles(uiDir)): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"@chakra-ui\/react"/g)) {
      if (m[1]) continue;
      for (const part of m[2].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+.*/, "")
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Where Chakra's index takes each exported name from (a component file, or a namespace module). */
function chakraSources(): Map<string, string> {
  const index = fs.readFileSync(path.join(chakraDir, "index.js"), "utf8");
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '([^']+)'/g)].map((m) => [m[1], m[2]]));
  const sources = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of m[1].split(",")) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      const from = m[2] ?? namespaces.get(local);
      if (from?.startsWith("./components/")) sources.set(exported, path.join(chakraDir, from));
    }
  }
  return sources;
}

/** The recipe keys a Chakra component folder asks the system for, following the other components it uses. */
function recipeKeysOf(folder: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(folder) || !fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) return keys;
  seen.add(folder);
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".js"))) {
    const code = fs.readFileSync(path.join(folder, file), "utf8");
    for (const m of code.matchAll(/key: "([A-Za-z]+)"/g)) keys.add(m[1]);
    for (const m of code.matchAll(/from '\.\.\/([a-z-]+)\//g)) for (const k of recipeKeysOf(path.join(folder, "..", m[1]), seen)) keys.add(k);
  }
  return keys;
}

/** The Chakra components among `used` whose recipes the system lacks, as "Component: recipe". */
export function recipesMissingFrom(system: SystemContext, used: Set<string>): string[] {
  const sources = chakraSources();
  const missing: string[] = [];
  for (const name of used) {
    const source = sources.get(name);
    if (!source) continue;
    for (const key of recipeKeysOf(path.dirname(source))) {
      const chakraHasIt = key in allRecipes || key in allSlotRecipes;
      if (chakraHasIt && !system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${name}: ${key}`);
    }
  }
  return missing;
}
