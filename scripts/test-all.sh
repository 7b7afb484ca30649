#!/usr/bin/env bash
# `npm test`: type-check, lint, format check and build (side by side), then the vitest suites
# one after another (unit and component together, integration, browser journeys), each with its
# wall time in the closing summary. `--quick` (`npm run test:quick`) is the inner loop: the
# checks and the unit and component suites (in one vitest run), no build, no servers, no
# browser; its checks keep caches in node_modules/.cache/nst, so a second run re-checks only
# what changed (the full run never uses them: it is the authority). Installs Debian's
# Chromium, espeak-ng and PostgreSQL first when missing (full run only).
set -uo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."

quick=false
[ "${1:-}" = "--quick" ] && quick=true

reports="$(mktemp -d)"
timings="$reports/timings.tsv"
failed=0

# Runs "$@" as step $name, records its wall time and whether it passed.
step() {
  local name="$1"
  shift
  local started=$SECONDS
  "$@"
  local status=$?
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - started))" "$status" >>"$timings"
  [ "$status" -eq 0 ] || failed=1
  return "$status"
}

cache="node_modules/.cache/nst"
typecheck_flags=()
lint_flags=()
format_flags=()
if [ "$quick" = true ]; then
  mkdir -p "$cache"
  typecheck_flags=(--incremental --tsBuildInfoFile "$cache/typecheck.tsbuildinfo")
  lint_flags=(--cache --cache-strategy content --cache-location "$cache/eslint")
  format_flags=(--cache --cache-location "$cache/prettier")
fi

# Type-check, lint and format check share nothing, and each mostly keeps one core busy.
checks() {
  local dir="$reports/checks"
  mkdir -p "$dir"
  npm run --silent typecheck -- "${typecheck_flags[@]}" >"$dir/typecheck.log" 2>&1 &
  local typecheck=$!
  npm run --silent lint -- "${lint_flags[@]}" >"$dir/lint.log" 2>&1 &
  local lint=$!
  npm run --silent format:check -- "${format_flags[@]}" >"$dir/format.log" 2>&1 &
  local format=$!
  local status=0
  wait "$typecheck" || { echo "Type check failed:"; cat "$dir/typecheck.log"; status=1; }
  wait "$lint" || { echo "Lint failed:"; cat "$dir/lint.log"; status=1; }
  wait "$format" || { echo "Format check failed:"; cat "$dir/format.log"; status=1; }
  return "$status"
}

# The checks and the build side by side; either failing fails the step.
checks_and_build() {
  local log="$reports/build.log"
  npm run --silent build >"$log" 2>&1 &
  local build=$!
  local status=0
  checks || status=1
  wait "$build" || { echo "Build failed:"; cat "$log"; status=1; }
  return "$status"
}

# Runs the vitest projects named in "$@" in one run (their files share the workers).
suite() {
  local projects=()
  for project in "$@"; do projects+=(--project "$project"); done
  npx vitest run "${projects[@]}" --reporter=default --reporter=json \
    --outputFile.json="$reports/vitest-${1}.json"
}

if [ "$quick" = false ]; then
  bash scripts/setup-test-env.sh || exit 1
fi
# A red check or build stops the run (the suites would test something that cannot land);
# a red suite does not stop the next one, so one run reports every failure.
finish() {
  node scripts/print-test-summary.mjs "$timings" "$reports"/vitest-*.json
  exit "$failed"
}
if [ "$quick" = true ]; then
  step "type-check, lint, format" checks || finish
  step "unit and component tests" suite unit unit-mocked component
else
  # The build reads no checked output and the checks never read dist/, so they run side by
  # side: the build fills the gaps while the checks wait on each other.
  step "type-check, lint, format and build" checks_and_build || finish
  step "unit and component tests" suite unit unit-mocked component
  step "integration tests" suite integration
  step "browser journeys" suite e2e
fi

finish
