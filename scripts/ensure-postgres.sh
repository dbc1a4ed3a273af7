#!/usr/bin/env bash
# Makes sure PostgreSQL's server binaries exist for `npm run test:pg` (issue 24): the tests
# start their own server in a temporary folder (tests/setup/postgres-server.ts) from Debian's
# postgresql package, or from PG_BIN_DIR.
set -euo pipefail

if [ -n "${PG_BIN_DIR:-}" ]; then
  if [ ! -x "$PG_BIN_DIR/postgres" ]; then
    echo "PG_BIN_DIR=$PG_BIN_DIR holds no postgres executable." >&2
    exit 1
  fi
elif ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL is missing and apt-get is not available: install it and set PG_BIN_DIR." >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "Installing PostgreSQL needs root, and sudo is not available." >&2
      exit 1
    fi
  fi
  echo "Installing Debian's postgresql package..."
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update
  # The package starts a cluster of its own; the tests never use it.
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
fi

ls -d "${PG_BIN_DIR:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}"/postgres
