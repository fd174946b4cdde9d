#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through @playwright/test (never a downloaded browser build).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "popote: install Debian's chromium (apt-get install chromium)" >&2; exit 1; fi
echo "popote: installing Debian's chromium (once)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium chromium-driver fonts-dejavu-core >/dev/null
