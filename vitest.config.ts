import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "scripts/**/*.test.ts", "electron/**/*.test.ts", "ui/**/*.test.ts", "migrations/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share their worker's loaded modules: importing the server again for each of the hundred files
    // cost more than the tests. Every file opens its own database and app (server/test/harness.ts).
    isolate: false,
    env: { BCRYPT_ROUNDS: "4" },
  },
});
