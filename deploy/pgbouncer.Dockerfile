# PgBouncer from Debian's package, as .ci/run installs it for the tests (decision 0065). compose.yaml mounts
# pgbouncer.ini; the auth file is written at start from POSTGRES_PASSWORD (PgBouncer answers SCRAM from it).
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends pgbouncer && rm -rf /var/lib/apt/lists/*
USER postgres
EXPOSE 6432
CMD ["sh", "-c", "printf '\"ficforge\" \"%s\"\\n' \"$POSTGRES_PASSWORD\" > /tmp/userlist.txt && exec pgbouncer /etc/pgbouncer/pgbouncer.ini"]
