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
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/assets/images/uploads": "http://localhost:3000" },
  },
});
