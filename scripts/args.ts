import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** Reads `--name value` pairs from the command line. */
function readArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) continue;
    if (m[2] !== undefined) out[m[1]] = m[2];
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) out[m[1]] = argv[++i];
    else out[m[1]] = "true";
  }
  return out;
}

/** A script's usage: the comment at the top of its file, without its comment marks. */
function usageOf(source: string): string {
  const comment = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? "";
  return comment
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim();
}

/**
 * The command line of the script at `scriptUrl` (its import.meta.url) as `--name value` pairs. With --help or -h
 * it prints the script's usage (the comment at the top of its file) and ends, before anything starts.
 */
export function scriptArgs(scriptUrl: string, argv = process.argv.slice(2)): Record<string, string> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(usageOf(fs.readFileSync(fileURLToPath(scriptUrl), "utf8")));
    process.exit(0);
  }
  return readArgs(argv);
}
