#!/bin/sh
# Run by the compose job minio-init (the MinIO image, which ships `mc`; plain sh, no sed/grep in
# that image) on every `docker compose up`: the media bucket, the private bucket of the data export
# archives (popote-exports, the BFF's EXPORT_BUCKET default; never public), a policy limited to them
# (minio-policy.json), and the apps' own user. Idempotent; re-running it with a new
# MINIO_APP_SECRET_KEY rotates the apps' key (docs/runbook.md, "Rotating secrets").
set -eu
: "${MINIO_ROOT_USER:?}" "${MINIO_ROOT_PASSWORD:?}" "${MINIO_APP_ACCESS_KEY:?}" "${MINIO_APP_SECRET_KEY:?}" "${MEDIA_BUCKET:?}"
if [ "$MEDIA_BUCKET" != popote-media ]; then
  echo "minio-init: MEDIA_BUCKET is $MEDIA_BUCKET but minio-policy.json grants popote-media" >&2
  exit 1
fi
export MC_CONFIG_DIR=/tmp/mc
mc alias set root http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "root/$MEDIA_BUCKET"
mc mb --ignore-existing root/popote-exports
mc admin policy create root popote-media /init/minio-policy.json
# `user add` on an existing user sets its secret key: the rotation path.
mc admin user add root "$MINIO_APP_ACCESS_KEY" "$MINIO_APP_SECRET_KEY"
# Fails with "already in effect" on the second run: the check below is what matters.
mc admin policy attach root popote-media --user "$MINIO_APP_ACCESS_KEY" >/dev/null 2>&1 || true
info="$(mc admin user info root "$MINIO_APP_ACCESS_KEY" --json)"
case "$info" in
  *popote-media*) ;;
  *) echo "minio-init: policy popote-media is not attached to $MINIO_APP_ACCESS_KEY" >&2; exit 1 ;;
esac
echo "minio-init: buckets $MEDIA_BUCKET, popote-exports and user $MINIO_APP_ACCESS_KEY ready"
