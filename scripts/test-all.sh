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

# The Postgres API tests mostly wait for the database, so they run beside the SQLite browser tests; their
# report follows the browser tests' and either failing fails the run.
echo "== API tests (Postgres at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}) and browser tests (SQLite)"
mkdir -p .tmp
TEST_DB=postgres npx vitest run server migrations scripts/seed-scale > .tmp/vitest-postgres.log 2>&1 &
postgres_tests=$!
npx tsx scripts/build-ui.ts --force
browser_status=0
E2E_PORT=${E2E_PORT:-3100} npx playwright test || browser_status=$?
postgres_status=0
wait "$postgres_tests" || postgres_status=$?
echo "== API tests (Postgres): report"
cat .tmp/vitest-postgres.log
if [ "$browser_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "browser tests (SQLite) exit $browser_status, API tests (Postgres) exit $postgres_status"
  exit 1
fi

echo "== browser tests (Postgres)"
E2E_DB=postgres E2E_PORT=$(( ${E2E_PORT:-3100} + 1 )) npx playwright test
