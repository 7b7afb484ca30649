#!/usr/bin/env bash
# `npm test`: type-check, lint, format check, build, then every vitest suite (unit, integration,
# browser end-to-end). Installs Debian's Chromium first when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-test-env.sh
npm run --silent typecheck
npm run --silent lint
npm run --silent format:check
npm run --silent build

report="$(mktemp -d)/vitest-report.json"
set +e
npx vitest run --reporter=default --reporter=json --outputFile.json="$report"
status=$?
set -e
node scripts/print-test-summary.mjs "$report"
exit $status
