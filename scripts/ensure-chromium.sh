#!/usr/bin/env bash
# npm test's first step (`pretest`): makes sure a Chromium for the end-to-end tests exists. The
# suite drives Debian's chromium package (or CHROMIUM_PATH) instead of letting Playwright
# download its own browsers, which this kind of machine cannot do.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ ! -x "$chromium" ]; then
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "npm test needs Chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
    exit 1
  fi
  bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "npm test needs Chromium for its end-to-end tests" \
    "CHROMIUM_PATH to a Chromium or Chrome executable" chromium
fi

# Debian's launcher script prints shell noise on stderr in some containers; show it only
# when the version cannot be read.
"$chromium" --version 2>/dev/null || "$chromium" --version
