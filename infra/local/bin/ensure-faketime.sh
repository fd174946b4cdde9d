#!/usr/bin/env bash
# `POPOTE_TEST_CLOCK=23:50 ./popote test`: the tests' processes see the Paris wall clock at that time
# (Debian's libfaketime, preloaded into every Node process, Chromium and PostgreSQL). Installed once.
set -euo pipefail
lib() { compgen -G '/usr/lib/*/faketime/libfaketime.so.1' | head -1; }
if [ -n "$(lib || true)" ]; then lib; exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "popote: install Debian's libfaketime (apt-get install libfaketime)" >&2; exit 1; fi
echo "popote: installing Debian's libfaketime (once)" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -qq libfaketime >/dev/null 2>&1; then
  apt-get update -qq >/dev/null
  apt-get install -y -qq libfaketime >/dev/null
fi
lib
