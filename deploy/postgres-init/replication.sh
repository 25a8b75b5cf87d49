#!/bin/bash
# Run once by the postgres image when it makes the primary's data directory (compose.yaml): a role for the
# streaming replica, and pg_hba.conf letting it connect for replication (the image's `all` does not cover it).
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$REPLICATION_PASSWORD" <<'SQL'
create role replicator with replication login password :'password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
