#!/usr/bin/env bash
# Installs Debian packages for the test tools (ensure-chromium.sh, ensure-postgres.sh): as root,
# or through sudo without a password prompt (npm test must never wait for one).
# Usage: apt-install.sh <who needs what> <what to set instead> <package>...
set -euo pipefail

what="$1"
instead="$2"
shift 2

# cannot <why> <package>...
cannot() {
  local why="$1"
  shift
  echo "$what, and cannot install it: $why" >&2
  echo "Install it as root (apt-get install $*), or set $instead." >&2
  exit 1
}

if ! command -v apt-get >/dev/null 2>&1; then
  cannot "this machine has no apt-get." "$@"
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    cannot "installing needs root, and sudo is not available." "$@"
  fi
  if ! sudo -n true >/dev/null 2>&1; then
    cannot "installing needs root, and sudo asks for a password." "$@"
  fi
  sudo="sudo -n"
fi

echo "$what: installing Debian's $*..."
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
