#!/usr/bin/env bash
# Builds the local infrastructure servers (no Docker, no prebuilt downloads) from pinned Go
# modules, once, into a cache folder outside the repo:
#   ${POPOTE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/popote}/bin/
#     nats-server  ferretdb  minio  jaeger  stripe-mock
# and, on request only (`./popote test deploy` asks for them), the deployment checkers:
#     kustomize  helm  kube-score  compose-config
# Each binary has a stamp (.stamp-<name>) naming what it was built from; a binary whose
# stamp matches the pins below is not rebuilt, so a second run is instant.
#
# Usage: provision.sh [--force] [nats|mongo|minio|jaeger|stripe|kustomize|helm|kube-score|compose-config ...]
#        (default: the five servers)
# Progress goes to stderr (nothing on stdout). Needs Go >= 1.24.6 (go on PATH or
# /usr/local/go/bin/go) and the Go module proxy. Build logs: <cache>/logs/build-<name>.log.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" # infra/local
cache="${POPOTE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/popote}"
bindir="$cache/bin"
logdir="$cache/logs"

# Bump when the way a server is built changes (flags, ldflags), to force a rebuild.
RECIPE=1

# ---- pins -------------------------------------------------------------------------------
NATS_MODULE=github.com/nats-io/nats-server/v2
NATS_VERSION=v2.12.15
FERRETDB_VERSION=v1.24.2 # pinned in infra/local/go/ferretdb/go.mod (+ go.sum)
MINIO_MODULE=github.com/minio/minio
MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c # master of 2026-02-12, commit 7aac2a2c5b7c
MINIO_RELEASE_TIME=2026-02-12T20:18:48Z
# Jaeger v2 lives in the v1 module path: its v2.x tags carry no /v2 module path, so the Go
# proxy only knows the twin v1.x tags (and @latest of .../jaeger/v2 does not exist).
# v1.76.0 is the same commit as the v2.13.0 release; cmd/jaeger is the v2 binary.
JAEGER_MODULE=github.com/jaegertracing/jaeger
JAEGER_VERSION=v1.76.0
JAEGER_V2_VERSION=v2.13.0
JAEGER_RELEASE_TIME=2025-12-03T16:07:08Z
STRIPE_MODULE=github.com/stripe/stripe-mock
STRIPE_VERSION=v0.203.0
# Deployment checks (infra/deploy). kustomize v5.8.1 is the newest that builds with Go 1.24
# (v5.8.2 wants 1.26, v5.8.3 1.27). kube-score rather than kube-linter: kube-linter's module
# path (golang.stackrox.io/kube-linter) is not served by the Go module proxy reachable here.
KUSTOMIZE_MODULE=sigs.k8s.io/kustomize/kustomize/v5
KUSTOMIZE_VERSION=v5.8.1
# Helm renders the apps' chart (infra/k8s/chart), inside kustomize's helmCharts and alone (helm lint).
HELM_MODULE=helm.sh/helm/v4
HELM_VERSION=v4.3.2
KUBESCORE_MODULE=github.com/zegl/kube-score
KUBESCORE_VERSION=v1.20.0
COMPOSE_GO_VERSION=v2.16.2 # pinned in infra/deploy/go/compose-config/go.mod (+ go.sum)
MIN_GO=1.24.6
# -----------------------------------------------------------------------------------------

say() { echo "popote: $*" >&2; }
die() { say "$*"; exit 1; }

force=0
names=()
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    nats | mongo | minio | jaeger | stripe | kustomize | helm | kube-score | compose-config) names+=("$arg") ;;
    -h | --help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 0 ;;
    *) die "provision.sh: unknown argument '$arg' (expected --force or nats|mongo|minio|jaeger|stripe|kustomize|helm|kube-score|compose-config)" ;;
  esac
done
[ ${#names[@]} -gt 0 ] || names=(nats mongo minio jaeger stripe)

# ---- Go ---------------------------------------------------------------------------------
if command -v go >/dev/null 2>&1; then
  GO="$(command -v go)"
elif [ -x /usr/local/go/bin/go ]; then
  GO=/usr/local/go/bin/go
else
  die "Go is needed to build the local servers (nats-server, ferretdb, minio, jaeger, stripe-mock) but 'go' is not on PATH nor at /usr/local/go/bin/go. Install Go >= $MIN_GO (e.g. unpack the official tarball into /usr/local/go) and run this again."
fi
export GOTOOLCHAIN=local # never download another toolchain behind our back
goversion="$("$GO" env GOVERSION 2>/dev/null || true)"
gov="${goversion#go}"
gov="${gov%%[!0-9.]*}" # go1.26rc1 -> 1.26
if [ -z "$gov" ] || [ "$(printf '%s\n%s\n' "$MIN_GO" "$gov" | sort -V | head -n1)" != "$MIN_GO" ]; then
  die "Go >= $MIN_GO is needed to build the local servers; $GO is '${goversion:-unknown}'. Install a newer Go (/usr/local/go) and run this again."
fi

# Reproducible, static, small binaries; our own settings win over the caller's GOFLAGS.
# -mod=readonly: build from each module's own go.mod/go.sum. Module zips carry no vendor/
# folder, so a module that vendors (stripe-mock) would otherwise fail under the default -mod=vendor.
export CGO_ENABLED=0 GOWORK=off GOFLAGS="-trimpath -buildvcs=false -mod=readonly"

mkdir -p "$bindir" "$logdir"

# One provisioner at a time (e.g. tests and the dev product started together).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$bindir/.lock"
  if ! flock -n 9; then
    say "waiting for another provision.sh to finish..."
    flock 9
  fi
fi

tmpfile=""
cleanup() { [ -z "$tmpfile" ] || rm -f "$tmpfile"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

fail_build() { # name log rc
  say "building $1 failed (exit $3); last lines of $2:"
  tail -n 40 "$2" | sed 's/^/  | /' >&2
  exit 1
}

# install_binary NAME EXE STAMP SRC_DIR PKG LDFLAGS
# Builds PKG inside SRC_DIR (a module root: its own go.mod/go.sum and replace directives apply)
# into $bindir/EXE, then writes the stamp.
install_binary() {
  local name="$1" exe="$2" stamp="$3" src="$4" pkg="$5" ldflags="$6"
  local log="$logdir/build-$name.log" start=$SECONDS rc=0
  tmpfile="$bindir/.$exe.tmp.$$"
  say "building $name ($stamp) with $goversion... (first time only)"
  (
    cd "$src"
    echo "# $(date -u +%FT%TZ) $GO build in $src: $pkg"
    "$GO" build -ldflags="-s -w $ldflags" -o "$tmpfile" "$pkg"
  ) >"$log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || fail_build "$name" "$log" "$rc"
  mv -f "$tmpfile" "$bindir/$exe"
  tmpfile=""
  printf '%s\n' "$stamp" >"$bindir/.stamp-$exe"
  say "built $name in $((SECONDS - start))s"
}

# module_dir MODULE@VERSION NAME: downloads a module (Go proxy) and prints its folder in the module cache.
module_dir() {
  local log="$logdir/build-$2.log" out dir rc=0
  out="$("$GO" mod download -json "$1" 2>"$log")" || rc=$?
  printf '%s\n' "$out" >>"$log"
  dir="$(printf '%s\n' "$out" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
  if [ "$rc" -ne 0 ] || [ -z "$dir" ] || [ ! -f "$dir/go.mod" ]; then
    fail_build "$2 (downloading $1)" "$log" "$rc"
  fi
  printf '%s\n' "$dir"
}

up_to_date() { # EXE STAMP
  [ "$force" -eq 0 ] && [ -x "$bindir/$1" ] && [ -f "$bindir/.stamp-$1" ] && [ "$(cat "$bindir/.stamp-$1")" = "$2" ]
}

# from_module NAME EXE MODULE VERSION PKG LDFLAGS [NOTE]: EXE built from MODULE@VERSION of the Go
# proxy (NOTE, if any, goes into the stamp after the version).
from_module() {
  local name="$1" exe="$2" module="$3@$4" pkg="$5" ldflags="$6" note="${7:-}"
  local stamp="$module${note:+ $note} recipe=$RECIPE" src
  up_to_date "$exe" "$stamp" && return 0
  src="$(module_dir "$module" "$name")"
  install_binary "$name" "$exe" "$stamp" "$src" "$pkg" "$ldflags"
}

# from_wrapper NAME EXE DIR MODULE VERSION LABEL: EXE built from our wrapper module in DIR (relative to
# the repo), whose go.mod must pin MODULE at VERSION (the pin here); its sources are in the stamp.
from_wrapper() {
  local name="$1" exe="$2" dir="$3" module="$4" version="$5" label="$6"
  local src="$here/../../$dir" sum stamp
  sum="$(cat "$src/go.mod" "$src/go.sum" "$src/main.go" | sha256sum | cut -c1-16)"
  stamp="$module@$version wrapper=$sum recipe=$RECIPE"
  up_to_date "$exe" "$stamp" && return 0
  grep -q "$module $version" "$src/go.mod" || die "$dir/go.mod does not pin $label $version (provision.sh and go.mod disagree)"
  install_binary "$name" "$exe" "$stamp" "$src" . ""
}

provision() {
  local name="$1" p
  case "$name" in
    nats) from_module "$name" nats-server "$NATS_MODULE" "$NATS_VERSION" . "" ;;
    mongo) from_wrapper "$name" ferretdb infra/local/go/ferretdb github.com/FerretDB/FerretDB "$FERRETDB_VERSION" FerretDB ;;
    minio)
      p=github.com/minio/minio/cmd
      local commit="${MINIO_VERSION##*-}"
      from_module "$name" minio "$MINIO_MODULE" "$MINIO_VERSION" . \
        "-X $p.Version=$MINIO_RELEASE_TIME -X $p.ReleaseTag=DEVELOPMENT.${MINIO_RELEASE_TIME//:/-} -X $p.CommitID=$commit -X $p.ShortCommitID=$commit -X $p.CopyrightYear=${MINIO_RELEASE_TIME%%-*}"
      ;;
    jaeger)
      p=github.com/jaegertracing/jaeger/internal/version
      from_module "$name" jaeger "$JAEGER_MODULE" "$JAEGER_VERSION" ./cmd/jaeger \
        "-X $p.latestVersion=$JAEGER_V2_VERSION -X $p.date=$JAEGER_RELEASE_TIME" "($JAEGER_V2_VERSION)"
      ;;
    stripe) from_module "$name" stripe-mock "$STRIPE_MODULE" "$STRIPE_VERSION" . "-X main.version=${STRIPE_VERSION#v}" ;;
    kustomize) from_module "$name" kustomize "$KUSTOMIZE_MODULE" "$KUSTOMIZE_VERSION" . "" ;;
    helm) from_module "$name" helm "$HELM_MODULE" "$HELM_VERSION" ./cmd/helm "-X helm.sh/helm/v4/internal/version.version=$HELM_VERSION" ;;
    kube-score)
      from_module "$name" kube-score "$KUBESCORE_MODULE" "$KUBESCORE_VERSION" ./cmd/kube-score "-X main.version=${KUBESCORE_VERSION#v}"
      ;;
    compose-config)
      from_wrapper "$name" compose-config infra/deploy/go/compose-config github.com/compose-spec/compose-go/v2 "$COMPOSE_GO_VERSION" compose-go
      ;;
  esac
}

total=$SECONDS
for name in "${names[@]}"; do
  provision "$name"
done
if [ $((SECONDS - total)) -gt 1 ]; then
  say "ready in $bindir ($((SECONDS - total))s)"
fi
