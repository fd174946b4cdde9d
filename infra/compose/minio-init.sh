#!/bin/sh
# Run by the compose job minio-init (the MinIO image, which ships `mc`) on every `docker compose up`:
# the media bucket, a policy limited to it, and the apps' own user. Idempotent; re-running it with a
# new MINIO_APP_SECRET_KEY rotates the apps' key (docs/runbook.md, "Rotating secrets").
set -eu
: "${MINIO_ROOT_USER:?}" "${MINIO_ROOT_PASSWORD:?}" "${MINIO_APP_ACCESS_KEY:?}" "${MINIO_APP_SECRET_KEY:?}" "${MEDIA_BUCKET:?}"
export MC_CONFIG_DIR=/tmp/mc
mc alias set root http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "root/$MEDIA_BUCKET"
sed "s/popote-media/$MEDIA_BUCKET/g" /init/minio-policy.json >/tmp/policy.json
mc admin policy create root popote-media /tmp/policy.json
# `user add` on an existing user sets its secret key: the rotation path.
mc admin user add root "$MINIO_APP_ACCESS_KEY" "$MINIO_APP_SECRET_KEY"
mc admin policy attach root popote-media --user "$MINIO_APP_ACCESS_KEY" 2>/dev/null || true
mc admin policy entities root --user "$MINIO_APP_ACCESS_KEY" | grep -q popote-media
echo "minio-init: bucket $MEDIA_BUCKET and user $MINIO_APP_ACCESS_KEY ready"
