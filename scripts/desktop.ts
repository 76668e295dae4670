/**
 * The desktop app (electron/), built from the same UI as the web site.
 *
 *   npm run desktop                 build the UI and the desktop bundles into dist/desktop-app, then start Electron on it
 *   npm run desktop -- --flag       the same, passing --flag on to Electron
 *   npm run desktop:dist            build, then package installers with electron-builder into dist/desktop
 *                                   (this system by default; add -- --linux, --win or --mac, see electron-builder.yml)
 *   npx tsx scripts/desktop.ts build   only build dist/desktop-app
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bundleDesktop } from "./desktopBundle";
import { DESKTOP_APP_DIR, electronVersion, findElectron, findElectronBuilder, ROOT } from "./electronTools";

const APP_DIR = DESKTOP_APP_DIR;

async function buildUi() {
  await import("./build-ui");
  if (!fs.existsSync(path.join(ROOT, "dist", "ui", "index.html"))) throw new Error("The UI build did not produce dist/ui/index.html");
}

/** Bundles main and preload (each one file, Electron left out) and stages the app folder electron-builder packages. */
async function buildDesktopApp(production: boolean) {
  await buildUi();
  fs.rmSync(APP_DIR, { recursive: true, force: true });
  fs.mkdirSync(APP_DIR, { recursive: true });
  await bundleDesktop(APP_DIR, production);
  fs.cpSync(path.join(ROOT, "dist", "ui"), path.join(APP_DIR, "ui"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "electron", "resources", "icon.png"), path.join(APP_DIR, "icon.png"));
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string; description: string };
  const appPackage = {
    name: "chapterhouse",
    productName: "Chapterhouse",
    version: root.version,
    description: root.description,
    author: { name: "Living Liberally", email: "info@livingliberally.org" },
    homepage: "https://livingliberally.org",
    license: "UNLICENSED",
    private: true,
    main: "main.cjs",
  };
  fs.writeFileSync(path.join(APP_DIR, "package.json"), `${JSON.stringify(appPackage, null, 2)}\n`);
  console.log(`Built the desktop app into ${path.relative(ROOT, APP_DIR)}.`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env, cwd: ROOT });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

async function main() {
  const [mode = "dev", ...rest] = process.argv.slice(2);
  const passThrough = rest.filter((a) => a !== "--");

  if (mode === "build") {
    await buildDesktopApp(true);
    return 0;
  }

  if (mode === "dev") {
    await buildDesktopApp(false);
    const electron = findElectron();
    if (!electron.ok) {
      console.error(
        `\n${electron.message}\n\nThe app itself is built in ${path.relative(ROOT, APP_DIR)}; start it with \`electron ${path.relative(ROOT, APP_DIR)}\` where Electron is available.`,
      );
      return 1;
    }
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE;
    console.log(`Starting Electron ${electron.version}...`);
    return run(electron.path, [APP_DIR, ...passThrough], env);
  }

  if (mode === "dist") {
    const builder = findElectronBuilder();
    const version = electronVersion();
    if (!builder.ok) {
      console.error(builder.message);
      return 1;
    }
    if (!version) {
      console.error("The electron package is not installed, so the Electron version to package is unknown. Run `npm install` with internet access.");
      return 1;
    }
    await buildDesktopApp(true);
    return run(process.execPath, [
      builder.path,
      "--config",
      "electron-builder.yml",
      "--projectDir",
      ROOT,
      `-c.electronVersion=${version}`,
      "--publish",
      "never",
      ...passThrough,
    ]);
  }

  console.error(`Unknown mode "${mode}": use dev, dist or build.`);
  return 2;
}

process.exitCode = await main();
