import { execFileSync } from "node:child_process";
import path from "node:path";

/** Builds the UI once (when its sources changed) for every test server of the run. */
export default function globalSetup() {
  execFileSync(path.resolve("node_modules", ".bin", "tsx"), ["scripts/build-ui.ts"], { stdio: "inherit" });
}
