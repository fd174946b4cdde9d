#!/usr/bin/env bash
# FerretDB stores in a PostgreSQL cluster of our own (infra/local/src/servers.ts), run from Debian's
# server binaries (/usr/lib/postgresql/<major>/bin). Installs them once when none is there.
# A system cluster the package may start (port 5432) is not ours: it is neither used nor stopped.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "popote: install Debian's PostgreSQL server (apt-get install postgresql)" >&2; exit 1; fi
echo "popote: installing Debian's PostgreSQL server (once)" >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists first when apt does not know the package yet (again if they are stale).
if ! apt-cache show postgresql >/dev/null 2>&1; then apt-get update -qq >/dev/null; fi
if ! apt-get install -y -qq postgresql >/dev/null; then
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
fi
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || {
  echo "popote: apt-get install postgresql left no /usr/lib/postgresql/*/bin/postgres" >&2
  exit 1
}
