#!/usr/bin/env bash
# A current ClickHouse for the tests and CI: the engine the npm package chdb embeds (ClickHouse 26.7)
# behind ClickHouse's HTTP interface (scripts/services/chdb-server/), as the current user, on loopback.
#
#   scripts/services/clickhouse-current.sh start|stop|status|url [dir]
#
# Everything it writes (config, data, log, pid) stays under <dir> (default
# ./data/services/clickhouse-current). It listens on 127.0.0.1:$MESURA_CLICKHOUSE_CURRENT_PORT
# (default 8124); `url` prints the MESURA_TEST_CLICKHOUSE address of its test database. The user is
# `default` with no password, which is why nothing listens beyond loopback. The first start installs
# chdb (chdb-server/package.json, an exact version) into chdb-server/node_modules from the npm
# registry, about 550 MB; not a dependency of the root package, because its lock file would name
# platform libraries the registry does not have at that version and `npm ci` refuses such a lock.
# scripts/services/chdb-server/README.md says what it emulates of a server and what it does not.
set -euo pipefail
# running_pid, stop_service, service_status.
. "$(dirname "$0")/pid-service.sh"

# How long start waits for /ping to answer (the engine's library loads first), and stop for the process to leave.
START_TIMEOUT_SECONDS=60
STOP_TIMEOUT_SECONDS=30
# libuv threads, on which chDB runs statements: several at once, as a server's connections do.
THREADPOOL_THREADS=16

command_name="${1:-}"
dir="${2:-./data/services/clickhouse-current}"
port="${MESURA_CLICKHOUSE_CURRENT_PORT:-8124}"
server_dir="$(cd "$(dirname "$0")" && pwd)/chdb-server"
main="$server_dir/main.mjs"

case "$command_name" in start | stop | status | url) ;; *)
  echo "usage: $0 start|stop|status|url [dir]  (port: MESURA_CLICKHOUSE_CURRENT_PORT)" >&2
  exit 2
  ;;
esac
if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || ((port < 1 || port > 65535)); then
  echo "clickhouse-current: port '$port' is not a number from 1 to 65535" >&2
  exit 2
fi

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
pid_file="$dir/chdb-server.pid"


# GET /ping over bash's /dev/tcp (no curl on a bare CI image); HTTP/1.0, so the server closes.
answers() {
  local reply
  reply="$(timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET /ping HTTP/1.0\r\n\r\n' >&3 && cat <&3" 2>/dev/null)" || return 1
  [[ "$reply" == "HTTP/1."?" 200"*$'\r\n\r\nOk.'* ]]
}

# chdb in the adapter's own folder, once: no lock file (see above), the version pinned in its package.json.
install_engine() {
  [ -f "$server_dir/node_modules/chdb/package.json" ] && return 0
  echo "clickhouse-current: installing chdb into $server_dir/node_modules (once)"
  npm install --prefix "$server_dir" --no-package-lock --no-audit --no-fund --loglevel=error >/dev/null
}

start() {
  if pid="$(running_pid)" && answers; then
    echo "clickhouse-current: already running (pid $pid, http 127.0.0.1:$port)"
    return 0
  fi
  rm -f "$pid_file"
  install_engine
  # Its own session, so that a Ctrl-C in the terminal that started it does not stop it.
  TZ=UTC UV_THREADPOOL_SIZE=$THREADPOOL_THREADS setsid node "$main" --port "$port" --dir "$dir" \
    </dev/null >>"$dir/chdb-server.log" 2>&1 &
  local child=$! waited=0
  until answers; do
    if ! kill -0 "$child" 2>/dev/null || ((waited >= START_TIMEOUT_SECONDS * 10)); then
      echo "clickhouse-current: no answer on 127.0.0.1:$port; see $dir/chdb-server.log" >&2
      tail -n 5 "$dir/chdb-server.log" >&2 || true
      exit 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  echo "clickhouse-current: running (pid $(running_pid || echo '?'), http 127.0.0.1:$port, data $dir)"
}

stop() {
  stop_service clickhouse-current
}

status() {
  service_status clickhouse-current "http 127.0.0.1:$port"
}

url() {
  echo "clickhouse://default:@127.0.0.1:$port/mesura_test"
}

"$command_name"
