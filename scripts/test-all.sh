#!/usr/bin/env bash
# npm test: typecheck, lint, format, unused code (knip), unit and API tests on SQLite and on Postgres, then the browser tests on both.
# Each phase ends with a line saying how long it took ("== typecheck: 41 s"); the README gives the command that
# runs one phase alone.
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p .tmp
timings=.tmp/test-timings.txt
: > "$timings"

# phase NAME COMMAND...: runs the command, then prints and notes its time (and exit status when it failed).
phase() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  local line="$name: $((SECONDS - start)) s"
  [ "$status" -eq 0 ] || line="$line (exit $status)"
  echo "== $line"
  echo "$line" >> "$timings"
  return "$status"
}

# The static checks side by side (each mostly one core), each with its own report.
phase "typecheck" npx tsc -p tsconfig.json --noEmit > .tmp/typecheck.log 2>&1 &
typecheck=$!
phase "lint" npx eslint . > .tmp/lint.log 2>&1 &
lint=$!
phase "format" npx prettier --check . > .tmp/format.log 2>&1 &
format=$!
# Unused files, exports and dependencies (knip.json says where the app, scripts and tests start).
phase "unused code" npx knip --no-progress > .tmp/knip.log 2>&1 &
knip=$!
static_status=0
for job in $typecheck $lint $format $knip; do wait "$job" || static_status=1; done
cat .tmp/typecheck.log .tmp/lint.log .tmp/format.log .tmp/knip.log
[ "$static_status" -eq 0 ] || exit 1
# Two workers: a test file spends much of its time waiting on its server and child processes.
# The production start (a built tree installed with --omit=dev, on SQLite and on Postgres) runs in the Postgres lane below.
phase "unit and API tests (SQLite)" npx vitest run --maxWorkers=2 --exclude scripts/production-start.test.ts

# Then, side by side: the Postgres API tests, and the browser tests on both databases in one Playwright run
# (E2E_DB=both: a project per database) with E2E_WORKERS workers, each with its own server, port, data folder and
# database (e2e/fixtures.ts). The background lane's report follows, and any failure fails the run.
echo "== API tests (Postgres at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}) beside browser tests (SQLite and Postgres)"
phase "build UI" npx tsx scripts/build-ui.ts --force
# On Postgres, the test files that touch a database (scripts/database-tests.ts); the others ran above.
mapfile -t postgres_files < <(npx tsx scripts/database-tests.ts server migrations scripts/seed-scale)
(phase "API tests (Postgres)" env TEST_DB=postgres npx vitest run "${postgres_files[@]}" scripts/production-start.test.ts > .tmp/vitest-postgres.log 2>&1) &
postgres_lane=$!
set +e
phase "browser tests (SQLite and Postgres)" env E2E_DB=both E2E_WORKERS="${E2E_WORKERS:-2}" npx playwright test 2>&1 | tee .tmp/e2e.log
browser_status=${PIPESTATUS[0]}
set -e
postgres_status=0
wait "$postgres_lane" || postgres_status=$?
echo "== API tests (Postgres): report"
cat .tmp/vitest-postgres.log
echo "== timings (the Postgres API tests ran beside the browser tests)"
cat "$timings"
echo "total: $SECONDS s"
if [ "$browser_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "browser tests exit $browser_status, Postgres API tests exit $postgres_status"
  # What failed, where the end of the log shows it: Playwright's own summary of the browser tests.
  [ "$browser_status" -eq 0 ] || sed -n '/^  [0-9]* failed/,$p' .tmp/e2e.log | grep -E '^ +(\[|[0-9]+ (failed|flaky))' || true
  [ "$postgres_status" -eq 0 ] || grep -E 'FAIL|✗|×' .tmp/vitest-postgres.log | head -20 || true
  exit 1
fi
