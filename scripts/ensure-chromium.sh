#!/usr/bin/env bash
# Makes sure a Chromium for Playwright exists. The e2e suite uses Debian's chromium package
# (or CHROMIUM_PATH) instead of letting Playwright download its own browsers.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ ! -x "$chromium" ]; then
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
    exit 1
  fi
  bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" Chromium chromium
fi

# Debian's launcher script prints shell noise on stderr in some containers; show it only
# when the version cannot be read.
"$chromium" --version 2>/dev/null || "$chromium" --version
