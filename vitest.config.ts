import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share their worker's loaded modules: importing the server again for each of the hundred files
    // cost more than the tests. Every file opens its own database and app (server/test/harness.ts).
    isolate: false,
    // Cheap hashes, and room for a burst of them: tests that count what a burst creates count the rate limits, not
    // a line that the other test files' load makes shorter or longer (server/auth/passwords.test.ts tests the line).
    env: { BCRYPT_ROUNDS: "4", PASSWORD_HASH_CONCURRENCY: "4" },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts", "electron/**/*.test.ts", "ui/**/*.test.ts", "migrations/**/*.test.ts"],
          environment: "node",
          setupFiles: ["server/test/overlappingQueries.ts"],
        },
      },
      {
        // Component tests (Testing Library) in a simulated browser. Vitest runs files of another environment in
        // workers of their own, so nothing of the DOM reaches the server's tests.
        extends: true,
        test: {
          name: "components",
          include: ["ui/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["ui/test/setup.ts"],
        },
      },
    ],
  },
});
