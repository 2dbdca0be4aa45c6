#!/usr/bin/env bash
# A PostgreSQL for Mesura's metadata (users, sessions, activities, site content) on loopback only,
# for the tests, CI and `npm run cluster`.
#
#   scripts/services/postgres.sh start|stop|status|url [dir]
#
# Everything lives under <dir> (default ./data/services/postgres): data/ (the cluster), socket/
# (the Unix socket, reachable by its owner only), postgres.log, and the pid file postgres keeps in
# data/postmaster.pid. `start` creates the cluster on first use, with a role and a database named
# mesura_test whose password is generated once into <dir>/test-password (mode 0600); `url` prints
# the postgres:// address for that role (MESURA_TEST_POSTGRES, MESURA_METADATA). Every command is
# idempotent: starting a running server or stopping a stopped one changes nothing.
#
# PostgreSQL refuses to run as root (and has no flag to allow it), so as root the server runs as
# the `postgres` system user that Debian's package makes, through runuser; <dir> is given to it.
#
# Environment: MESURA_POSTGRES_PORT (default 5432), MESURA_POSTGRES_BIN (default the newest
# /usr/lib/postgresql/*/bin).
set -euo pipefail

readonly START_WAIT_SECONDS=30
readonly TEST_ROLE=mesura_test
readonly TEST_DATABASE=mesura_test

command=${1:-}
dir=${2:-./data/services/postgres}
port=${MESURA_POSTGRES_PORT:-5432}

fail() { echo "postgres.sh: $*" >&2; exit 1; }

case "$command" in start | stop | status | url) ;; *) fail "usage: $0 start|stop|status|url [dir]" ;; esac
[[ "$port" =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || fail "MESURA_POSTGRES_PORT must be a port number (1-65535), not '$port'"

bin=${MESURA_POSTGRES_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$bin/postgres" ] || fail "no PostgreSQL server binaries found (install Debian's postgresql, or set MESURA_POSTGRES_BIN)"

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
data="$dir/data"
socket="$dir/socket"
log="$dir/postgres.log"
password_file="$dir/test-password"

# Runs a command as the server's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

running() {
  [ -f "$data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1
}

# Runs SQL as the cluster's superuser over the owner-only socket.
superuser_sql() {
  as_owner "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$socket" -p "$port" -d postgres "$@"
}

init_cluster() {
  mkdir -p "$socket"
  chmod 0700 "$dir" "$socket"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || fail "running as root needs the 'postgres' user (Debian's postgresql package makes it)"
    chown -R postgres: "$dir"
    # The owner must reach <dir> through its parents.
    runuser -u postgres -- test -x "$dir" || fail "the postgres user cannot reach $dir: choose a directory whose parents it may enter"
  fi
  [ -f "$data/PG_VERSION" ] && return 0
  echo "postgres.sh: creating a cluster in $data"
  # Local connections (the owner-only socket) trust the OS user; TCP asks for a scram password.
  as_owner "$bin/initdb" -D "$data" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -U postgres >/dev/null
  if [ ! -f "$password_file" ]; then
    (umask 077 && od -An -N18 -tx1 /dev/urandom | tr -d ' \n' >"$password_file")
    [ "$(id -u)" -eq 0 ] && chown postgres: "$password_file"
  fi
  return 0
}

ensure_test_role() {
  local password
  password=$(cat "$password_file")
  # psql's :'var' quotes the value as a literal, so the password never meets the SQL unescaped.
  superuser_sql -v role="$TEST_ROLE" -v password="$password" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
ALTER ROLE :"role" WITH LOGIN CREATEDB PASSWORD :'password';
SQL
  superuser_sql -v db="$TEST_DATABASE" -v role="$TEST_ROLE" <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL
}

start() {
  init_cluster
  if running; then
    echo "postgres.sh: already running on 127.0.0.1:$port ($data)"
  else
    echo "postgres.sh: starting on 127.0.0.1:$port (log $log)"
    as_owner "$bin/pg_ctl" -D "$data" -l "$log" -w -t "$START_WAIT_SECONDS" \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $socket" start >/dev/null ||
      fail "the server did not start within ${START_WAIT_SECONDS} s; see $log"
  fi
  local waited=0
  until as_owner "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; do
    ((waited += 1)) && ((waited <= START_WAIT_SECONDS)) || fail "the server does not answer on 127.0.0.1:$port; see $log"
    sleep 1
  done
  ensure_test_role
  echo "postgres.sh: ready; test database $TEST_DATABASE for role $TEST_ROLE ('$0 url $dir' prints its address)"
}

stop() {
  if running; then
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w -t "$START_WAIT_SECONDS" stop >/dev/null
    echo "postgres.sh: stopped"
  else
    echo "postgres.sh: not running"
  fi
}

status() {
  if running; then echo "postgres.sh: running on 127.0.0.1:$port ($data)"; else echo "postgres.sh: not running ($data)"; return 3; fi
}

url() {
  [ -f "$password_file" ] || fail "no cluster in $dir yet: run '$0 start $dir' first"
  echo "postgres://$TEST_ROLE:$(cat "$password_file")@127.0.0.1:$port/$TEST_DATABASE"
}

"$command"
