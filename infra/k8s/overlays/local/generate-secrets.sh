#!/bin/sh
# Writes random secrets for the local overlay into secrets/<app>.env (git-ignored), one file per
# app's Secret popote-<app>, with exactly the variables infra/deploy/src/apps.ts marks secret.
# Existing files are kept (delete one to regenerate it). Also writes secrets/nats-users.env, the
# NATS server's side of the apps' NATS passwords (Secret nats-users of namespace nats). Prints what
# the dependencies must be given: the MongoDB users' passwords, the MinIO keys and the SMTP login.
#   sh infra/k8s/overlays/local/generate-secrets.sh [dir]     (default: secrets/ beside this file)
set -eu
dir="${1:-$(dirname "$0")/secrets}"
mkdir -p "$dir"
rand() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
mongo="popote-mongo-svc.mongodb.svc.cluster.local:27017"
jwt="$(rand)"
minio_key="popote-app"
minio_secret="$(rand)"
write() { # app, then lines
  f="$dir/$1.env"
  shift
  if [ -f "$f" ]; then echo "kept $f"; return; fi
  umask 077
  printf '%s\n' "$@" >"$f"
  echo "wrote $f"
}
mongo_url() { # service password
  echo "MONGO_URL=mongodb://$1:$2@$mongo/popote_$1?replicaSet=popote-mongo&authSource=admin"
}
for s in identity catalogue cart ordering payments notifications; do
  eval "pw_$s=$(rand)"
done
# The acting user's assertion key pair: the BFF signs, every service verifies (PEM on one line).
key="$dir/.actor-key.pem"
[ -f "$key" ] || (umask 077 && openssl genpkey -algorithm ed25519 -out "$key")
pem_line() { awk 'BEGIN { ORS = "\\n" } { print }' | sed 's/\\n$//'; }
actor_sign="ACTOR_SIGNING_KEY=$(pem_line <"$key")"
actor_verify="ACTOR_VERIFY_KEY=$(openssl pkey -in "$key" -pubout | pem_line)"
nats() { echo "NATS_PASSWORD=$(rand)"; } # each app's own NATS user (the NATS server gets the same)
write identity "$(mongo_url identity "$pw_identity")" "AUTH_JWT_SECRET=$jwt" "$(nats)" "$actor_verify"
write catalogue "$(mongo_url catalogue "$pw_catalogue")" "MINIO_ACCESS_KEY=$minio_key" "MINIO_SECRET_KEY=$minio_secret" "$(nats)" "$actor_verify"
write cart "$(mongo_url cart "$pw_cart")" "$(nats)" "$actor_verify"
write ordering "$(mongo_url ordering "$pw_ordering")" "$(nats)" "$actor_verify"
write payments "$(mongo_url payments "$pw_payments")" \
  "STRIPE_SECRET_KEY=sk_test_local" "STRIPE_PUBLISHABLE_KEY=pk_test_local" "STRIPE_WEBHOOK_SECRET=whsec_$(rand)" "STRIPE_CONNECT_WEBHOOK_SECRET=whsec_$(rand)" "$(nats)" "$actor_verify"
# Web Push: the notifications service's VAPID key pair (P-256, base64url: the raw 32-byte private key, the 65-byte public point).
vapid="$dir/.vapid-key.pem"
[ -f "$vapid" ] || (umask 077 && openssl ecparam -name prime256v1 -genkey -noout -out "$vapid")
b64url() { base64 | tr -d '\n=' | tr '/+' '_-'; }
vapid_private="VAPID_PRIVATE_KEY=$(openssl ec -in "$vapid" -outform DER 2>/dev/null | tail -c +8 | head -c 32 | b64url)"
vapid_public="VAPID_PUBLIC_KEY=$(openssl ec -in "$vapid" -pubout -outform DER 2>/dev/null | tail -c 65 | b64url)"
write notifications "$(mongo_url notifications "$pw_notifications")" "SMTP_USER=popote" "SMTP_PASSWORD=$(rand)" "$(nats)" "$actor_verify" \
  "$vapid_public" "$vapid_private"
write bff "AUTH_JWT_SECRET=$jwt" "MINIO_ACCESS_KEY=$minio_key" "MINIO_SECRET_KEY=$minio_secret" "$(nats)" "$actor_verify" "$actor_sign" \
  "MONGO_URL=mongodb://bff:$(rand)@$mongo/popote_bff?replicaSet=popote-mongo&authSource=admin"
# The NATS side (Secret nats-users of namespace nats, ../../dependencies/nats-auth-values.yaml): each
# app's NATS_PASSWORD as written above (also when its file was kept), and the operator's own.
nats_users="$dir/nats-users.env"
if [ -f "$nats_users" ]; then echo "kept $nats_users"; else
  umask 077
  for app in identity catalogue cart ordering payments notifications bff; do
    pw="$(sed -n 's/^NATS_PASSWORD=//p' "$dir/$app.env")"
    [ -n "$pw" ] || { echo "$dir/$app.env has no NATS_PASSWORD: delete it to regenerate it" >&2; exit 1; }
    echo "NATS_PASSWORD_$(echo "$app" | tr a-z A-Z)=$pw"
  done >"$nats_users"
  echo "NATS_PASSWORD_OPERATOR=$(rand)" >>"$nats_users"
  echo "wrote $nats_users"
fi
echo "NATS: kubectl -n nats create secret generic nats-users --from-env-file=$nats_users"
echo "Give the dependencies the same values (../../README.md): one MongoDB user per service"
echo "(name = service, password in its MONGO_URL, readWrite on popote_<service>), the MinIO user"
echo "of MINIO_ACCESS_KEY/MINIO_SECRET_KEY with infra/compose/minio-policy.json, and the SMTP login."
