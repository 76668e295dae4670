#!/usr/bin/env bash
# npm test: typecheck, lint, format, unit and API tests on SQLite and on Postgres, then the browser tests on both.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"
npx tsc -p tsconfig.json --noEmit

echo "== lint"
npx eslint .

echo "== format"
npx prettier --check .

echo "== unit and API tests (SQLite)"
npx vitest run

echo "== API tests (Postgres at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test})"
TEST_DB=postgres npx vitest run server migrations scripts/seed-scale

echo "== browser tests (SQLite)"
npx tsx scripts/build-ui.ts --force
E2E_PORT=${E2E_PORT:-3100} npx playwright test

echo "== browser tests (Postgres)"
E2E_DB=postgres E2E_PORT=$(( ${E2E_PORT:-3100} + 1 )) npx playwright test
