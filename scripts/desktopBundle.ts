/** Bundles the desktop shell's main and preload scripts with esbuild (each one file; 'electron' left out). */
import path from "node:path";
import { build } from "esbuild";
import { ROOT } from "./electronTools";

export async function bundleDesktop(outDir: string, production: boolean): Promise<{ main: string; preload: string }> {
  const common = {
    bundle: true,
    format: "cjs" as const,
    external: ["electron"],
    sourcemap: production ? false : ("linked" as const),
    minify: production,
    logLevel: "warning" as const,
    define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
  };
  const main = path.join(outDir, "main.cjs");
  const preload = path.join(outDir, "preload.cjs");
  await build({ ...common, entryPoints: [path.join(ROOT, "electron", "main.ts")], outfile: main, platform: "node", target: "node22" });
  // The preload runs in the renderer's sandbox: a browser-like context where only 'electron' can be required.
  await build({ ...common, entryPoints: [path.join(ROOT, "electron", "preload.ts")], outfile: preload, platform: "browser", target: "chrome130" });
  return { main, preload };
}
