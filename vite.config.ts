import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * ui/main.tsx starts the app through dynamic imports (so start-up runs in short tasks); this puts
 * <link rel="modulepreload"> for those start-up chunks (and what they import) into index.html, so the
 * browser fetches them at once instead of one after the other. Lazily loaded screens are not preloaded.
 */
function preloadStartupChunks(): Plugin {
  const STARTUP = [
    /\/ui\/App\.tsx$/,
    /\/ui\/components\/ServerAddressGate\.tsx$/,
    /\/ui\/theme\.ts$/,
    /react-dom[\\/]client/,
    /node_modules[\\/]react[\\/]index\.js$/,
  ];
  return {
    name: "preload-startup-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const wanted = new Set<string>();
        const add = (file: string) => {
          if (wanted.has(file)) return;
          wanted.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) add(dep);
        };
        for (const c of chunks) {
          if (c.type === "chunk" && !c.isEntry && c.facadeModuleId && STARTUP.some((re) => re.test(c.facadeModuleId!))) add(c.fileName);
        }
        const entry = chunks.find((c) => c.type === "chunk" && c.isEntry);
        if (entry && entry.type === "chunk") for (const f of [entry.fileName, ...entry.imports]) wanted.delete(f);
        const tags = [...wanted].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("\n    ");
        return html.replace("</head>", `    ${tags}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  root: "ui",
  publicDir: "public",
  plugins: [react(), preloadStartupChunks()],
  build: {
    outDir: "../dist/ui",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/assets/images/uploads": "http://localhost:3000" },
  },
});
