#!/usr/bin/env bash
# npm test's first step (`pretest`): makes sure a Chromium for the end-to-end tests exists. The
# suite drives Debian's chromium-headless-shell package (or CHROMIUM_PATH) instead of letting
# Playwright download its own browsers, which this kind of machine cannot do. The headless shell
# is the build Playwright itself runs headless: it spends about half the CPU of the full
# browser's headless mode on the same pages (decision 140).
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"

if [ ! -x "$chromium" ]; then
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "npm test needs Chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
    exit 1
  fi
  bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "npm test needs Chromium for its end-to-end tests" \
    "CHROMIUM_PATH to a Chromium or Chrome executable" chromium-headless-shell
fi

# Debian's launcher script prints shell noise on stderr in some containers; show it only
# when the version cannot be read.
"$chromium" --version 2>/dev/null || "$chromium" --version
