#!/usr/bin/env bash
# `npm test`: the whole suite. Unit, server (on PGlite, or PostgreSQL when DATABASE_URL is set) and
# component tests, then a build of the three sites and the end-to-end tests in Chromium
# (installing Debian's chromium first when it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx vitest run
npm run build --silent
npx vitest run --config e2e/vitest.config.ts
