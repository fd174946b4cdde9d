#!/usr/bin/env bash
# Runs a command with the machine's clock set back to the last HH:MM in Paris — the clock of every
# process, the servers built from Go modules included — then puts it forward to where it would be.
# It shows that no test depends on the hour it runs at (slots, cutoffs, Paris days):
#   infra/local/bin/at-paris-time.sh 23:50 ./popote test
# Needs root (CAP_SYS_TIME) and a machine with nothing else running: every process sees the clock
# jump back, then forward. Commits made meanwhile carry the moved time.
set -euo pipefail
hhmm="${1:-}"
[[ "$hhmm" =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]] || { echo "usage: at-paris-time.sh HH:MM command…" >&2; exit 2; }
shift
[ "$#" -gt 0 ] || { echo "usage: at-paris-time.sh HH:MM command…" >&2; exit 2; }
now="$(date +%s)"
target="$(TZ=Europe/Paris date -d "today $hhmm" +%s)"
(( target <= now )) || target="$(TZ=Europe/Paris date -d "yesterday $hhmm" +%s)"
# The time since boot does not move with the clock: it tells how long the command ran.
uptime_s() { cut -d' ' -f1 /proc/uptime; }
started="$(uptime_s)"
restored=0
restore() {
  [ "$restored" = 0 ] || return 0
  restored=1
  local elapsed
  elapsed="$(awk -v a="$started" -v b="$(uptime_s)" 'BEGIN { printf "%d", b - a }')"
  date -s "@$((now + elapsed))" >/dev/null
  echo "at-paris-time: clock put back to $(date -u +%FT%TZ) after ${elapsed} s" >&2
}
trap restore EXIT
trap 'exit 130' INT TERM
date -s "@$target" >/dev/null
echo "at-paris-time: clock set to $(TZ=Europe/Paris date '+%F %H:%M %Z') in Paris ($(date -u +%FT%TZ))" >&2
"$@"
