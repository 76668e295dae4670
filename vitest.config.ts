import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "scripts/**/*.test.ts", "electron/**/*.test.ts", "ui/**/*.test.ts", "migrations/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { BCRYPT_ROUNDS: "4" },
  },
});
