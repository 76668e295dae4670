import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  root: "ui",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../dist/ui",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: the chunks and what each imports, from which scripts/startupBundle.ts weighs the public
    // start-up JavaScript (ui/main.tsx and the modules it loads at once) for bench:web and e2e/startup.spec.ts.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/assets/images/uploads": "http://localhost:3000" },
  },
});
