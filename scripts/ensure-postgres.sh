#!/usr/bin/env bash
# Makes sure PostgreSQL's server binaries exist (issue 24): the tests start their own server in a
# temporary folder (scripts/postgres-server.ts) from Debian's postgresql package, or from
# PG_BIN_DIR.
set -euo pipefail

if [ -n "${PG_BIN_DIR:-}" ]; then
  if [ ! -x "$PG_BIN_DIR/postgres" ]; then
    echo "PG_BIN_DIR=$PG_BIN_DIR holds no postgres executable." >&2
    exit 1
  fi
elif ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  # The package starts a cluster of its own; the tests never use it.
  bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" PostgreSQL postgresql
fi

ls -d "${PG_BIN_DIR:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}"/postgres
