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
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing and apt-get is not available: install Chromium and set CHROMIUM_PATH." >&2
    exit 1
  fi

  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "Installing Chromium needs root, and sudo is not available." >&2
      exit 1
    fi
  fi

  echo "Installing Debian's chromium package..."
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi

# Debian's launcher script prints shell noise on stderr in some containers; show it only
# when the version cannot be read.
"$chromium" --version 2>/dev/null || "$chromium" --version
