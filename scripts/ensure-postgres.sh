#!/usr/bin/env bash
# Makes sure PostgreSQL's server binaries exist (issue 24): the tests start their own server in a
# temporary folder (scripts/postgres-server.ts) from Debian's postgresql package, or from
# PG_BIN_DIR. `npm run test:pg` needs it (`pretest:pg`). `npm test` asks for it too
# (`pretest`, with --for-npm-test): three of its integration files copy and back up a store on
# PostgreSQL; outside CI a machine that cannot install it skips those three, and says so.
set -euo pipefail

# Where Debian's packages put each version (a test points it at an empty folder).
lib="${POSTGRES_LIB_DIR:-/usr/lib/postgresql}"
optional=false
if [ "${1:-}" = "--for-npm-test" ] && [ -z "${CI:-}" ]; then optional=true; fi

if [ -n "${PG_BIN_DIR:-}" ]; then
  if [ ! -x "$PG_BIN_DIR/postgres" ]; then
    echo "The tests need PostgreSQL: PG_BIN_DIR=$PG_BIN_DIR holds no postgres executable." >&2
    exit 1
  fi
elif ! ls "$lib"/*/bin/postgres >/dev/null 2>&1; then
  # The package starts a cluster of its own; the tests never use it.
  if ! bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" \
    "The tests need PostgreSQL's server" \
    "PG_BIN_DIR to the folder that holds postgres, initdb and pg_ctl" postgresql; then
    if [ "$optional" = true ]; then
      echo "npm test goes on without it: its PostgreSQL tests are skipped on this machine." >&2
      exit 0
    fi
    exit 1
  fi
fi

ls -d "${PG_BIN_DIR:-$(ls -d "$lib"/*/bin | sort -V | tail -1)}"/postgres
