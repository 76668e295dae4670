// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

/**
 * One lint for the whole repository (run by `npm test`): the recommended JavaScript and TypeScript rules
 * everywhere, the rules of hooks and accessibility rules for the React UI.
 */
export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "**/*.d.ts", "ui/public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // Control characters are what the input guards and format writers look for (server/contracts/text.ts).
    rules: { "no-control-regex": "off" },
  },
  {
    // Tests and fakes read loosely typed answers on purpose.
    files: ["**/*.test.ts", "**/*.test.tsx", "server/test/**", "**/fakes/**", "electron/testing/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["ui/**/*.{ts,tsx}", "e2e/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["ui/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["ui/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  // Boundaries: the UI reaches the server only through its contracts, the desktop shell holds no screens, and
  // models know nothing of routes (no-import-cycles.test.ts checks that no module imports itself in a circle).
  // Component tests (ui/**/*.test.tsx) and their helpers in ui/test are held to it like the UI they render.
  {
    files: ["ui/**/*.{ts,tsx}"],
    ignores: ["ui/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)server/(?!contracts/)", message: "The UI imports only server/contracts." }] }],
    },
  },
  {
    files: ["electron/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)ui/screens/", message: "The desktop shell holds no screens." }] }] },
  },
  {
    files: ["server/models/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)(routes|commands|web)/", message: "Models know nothing of routes or commands." }] }],
    },
  },
  {
    // Specs take test and expect from e2e/fixtures.ts, whose pages wait for server-rendered pages to hydrate.
    files: ["e2e/**/*.spec.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", message: "Import test and expect from ./fixtures." }] }] },
  },
);
