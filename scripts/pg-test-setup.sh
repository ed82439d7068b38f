#!/usr/bin/env bash
# Prepares Debian's PostgreSQL for the storage contract tests, e.g. in CI after `apt-get install postgresql`.
# Idempotent and installs nothing: starts the first cluster when it is down (on loopback), creates the role and
# the database when missing, and prints the DATABASE_URL to use as the last line of its output:
#   export DATABASE_URL="$(scripts/pg-test-setup.sh | tail -n1)"
# Must run as root (or as postgres). Settings: PG_ROLE, PG_PASSWORD, PG_DATABASE, PG_HOST.
set -euo pipefail

role="${PG_ROLE:-shop}"
password="${PG_PASSWORD:-shop}"
database="${PG_DATABASE:-shop_test}"
host="${PG_HOST:-127.0.0.1}"

for name in "$role" "$database"; do
  [[ "$name" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "pg-test-setup: invalid name: $name" >&2; exit 2; }
done
[[ "$password" != *"'"* ]] || { echo "pg-test-setup: the password must not contain a quote" >&2; exit 2; }

command -v pg_lsclusters >/dev/null || { echo "pg-test-setup: PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }

# First cluster listed: "version name port status owner datadir logfile".
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n1) || true
if [ -z "${version:-}" ]; then
  echo "pg-test-setup: no PostgreSQL cluster found (pg_createcluster --start <version> main)" >&2
  exit 1
fi
if [ "$status" != "online" ]; then
  # Debian's default listen_addresses is 'localhost', so the cluster only listens on loopback.
  pg_ctlcluster "$version" "$cluster" start
fi

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else su postgres -c "$(printf '%q ' "$@")"; fi
}
psql_admin() { as_postgres psql --port "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }

if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" != 1 ]; then
  psql_admin -c "CREATE ROLE $role LOGIN PASSWORD '$password'"
fi
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != 1 ]; then
  as_postgres createdb --port "$port" -O "$role" "$database"
fi

echo "postgres://$role:$password@$host:$port/$database"
