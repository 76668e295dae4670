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

# Then two lanes side by side, each mostly waiting on a browser or a database: the Postgres API tests followed by
# the Postgres browser tests, and the SQLite browser tests. Each browser run has its own server, port, data folder
# and database (scripts/e2e-server.ts); the background lane's report follows, and any failure fails the run.
echo "== API and browser tests (Postgres at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}) beside browser tests (SQLite)"
mkdir -p .tmp
npx tsx scripts/build-ui.ts --force
port=${E2E_PORT:-3100}
(
  status=0
  TEST_DB=postgres npx vitest run server migrations scripts/seed-scale > .tmp/vitest-postgres.log 2>&1 || status=1
  E2E_DB=postgres E2E_PORT=$((port + 1)) npx playwright test > .tmp/e2e-postgres.log 2>&1 || status=1
  exit "$status"
) &
postgres_lane=$!
browser_status=0
E2E_PORT=$port npx playwright test || browser_status=$?
postgres_status=0
wait "$postgres_lane" || postgres_status=$?
echo "== API tests (Postgres): report"
cat .tmp/vitest-postgres.log
echo "== browser tests (Postgres): report"
cat .tmp/e2e-postgres.log 2>/dev/null || echo "(not run)"
if [ "$browser_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "browser tests (SQLite) exit $browser_status, Postgres lane (API then browser tests) exit $postgres_status"
  exit 1
fi
