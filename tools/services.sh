#!/usr/bin/env bash
# Make sure the services the tests use are up on this machine: PostgreSQL on
# 127.0.0.1:5432 and Redis on 127.0.0.1:6379. Starts whichever is down, where this machine
# has it installed; otherwise says what is missing. Used by `make test` and .ci/run.
set -uo pipefail

wait_for() { # name, command
  for _ in $(seq 1 60); do
    if eval "$2" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "$1 did not come up" >&2
  return 1
}

status=0

if ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
    wait_for PostgreSQL "pg_isready -h 127.0.0.1 -p 5432" || status=1
  else
    echo "PostgreSQL is not running on 127.0.0.1:5432 and is not installed here (set TEST_DATABASE_URL)" >&2
    status=1
  fi
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "starting Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    wait_for Redis "redis-cli -h 127.0.0.1 -p 6379 ping" || status=1
  else
    echo "Redis is not running on 127.0.0.1:6379 and is not installed here (set TEST_BROKER_URL)" >&2
    status=1
  fi
fi

exit $status
