#!/usr/bin/env bash
# Installs Debian packages for the test tools (ensure-chromium.sh, ensure-postgres.sh): as root,
# or through sudo. Usage: apt-install.sh <what it is for> <package>...
set -euo pipefail

what="$1"
shift

if ! command -v apt-get >/dev/null 2>&1; then
  echo "$what is missing and apt-get is not available: install it yourself." >&2
  exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "Installing $what needs root, and sudo is not available." >&2
    exit 1
  fi
fi

echo "Installing Debian's $* for $what..."
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
