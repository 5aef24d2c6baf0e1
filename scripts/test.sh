#!/usr/bin/env bash
# `npm test`: installs what the tests need on a fresh machine, then runs every suite:
# type check, unit + API tests (PGlite and a real PostgreSQL), production build, browser journeys.
set -uo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing with apt: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" || exit 1
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund || exit 1
fi

mkdir -p reports
rm -f reports/vitest.json reports/e2e.json
failed=0
step() { echo; echo "=== $1"; shift; "$@" || failed=1; }

step "Type check" npx tsc --noEmit
step "Unit and API tests (PGlite, PostgreSQL)" npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
step "Production build" npm run build
step "Browser journeys (Chromium, JavaScript on and off, axe)" npx playwright test

node scripts/test-summary.mjs || failed=1
exit $failed
