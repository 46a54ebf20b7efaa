#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium. Install it when it is missing (needs root, as on
# the project's machines); never download a browser build of Playwright's own.
set -euo pipefail
chromium_path="${LIDO_CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
echo "Chromium is missing: installing Debian's chromium package for the end-to-end tests..."
if [ "$(id -u)" -ne 0 ]; then
  echo "Installing chromium needs root: run 'sudo apt-get update && sudo apt-get install -y chromium', or set LIDO_CHROMIUM_PATH." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
echo "Chromium installed: $("$chromium_path" --version)"
