#!/usr/bin/env bash
# A standalone ZooKeeper for development and CI, as the current user, on loopback only: what
# ClickHouse's ReplicatedMergeTree tables and `ON CLUSTER` statements need (docs/capacity.md).
#
#   scripts/services/zookeeper.sh start|stop|status [dir]
#
# Everything it writes (config, data, log, pid) stays under <dir> (default ./data/services/zookeeper).
# The client port is 127.0.0.1:$MESURA_ZOOKEEPER_PORT (default 2181); its admin web server is off.
# Uses Debian's package (apt-get install zookeeper: /usr/share/java/zookeeper.jar). Then start
# ClickHouse with MESURA_CLICKHOUSE_ZOOKEEPER=127.0.0.1:<port> scripts/services/clickhouse.sh start.
set -euo pipefail
# running_pid, stop_service, service_status.
. "$(dirname "$0")/pid-service.sh"

# How long start waits for `srvr` to name the server's mode, and stop for the process to leave.
START_TIMEOUT_SECONDS=30
STOP_TIMEOUT_SECONDS=30
ZOOKEEPER_JAR=/usr/share/java/zookeeper.jar

command_name="${1:-}"
dir="${2:-./data/services/zookeeper}"
port="${MESURA_ZOOKEEPER_PORT:-2181}"

usage() {
  echo "usage: $0 start|stop|status [dir]  (port: MESURA_ZOOKEEPER_PORT)" >&2
  exit 2
}

case "$command_name" in start | stop | status) ;; *) usage ;; esac
if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || ((port < 1 || port > 65535)); then
  echo "zookeeper: port '$port' is not a number from 1 to 65535" >&2
  exit 2
fi
# The folder is written into a Java properties file: refuse what it would read as an escape.
if [[ "$dir" == *[\\\=\:\#\!]* ]]; then
  echo "zookeeper: the folder '$dir' holds \\ = : # or !; choose another folder" >&2
  exit 2
fi

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
pid_file="$dir/zookeeper.pid"


# ZooKeeper's four-letter `srvr`, over bash's /dev/tcp: it names the server's mode only once it
# serves clients. `ruok` answers imok earlier, while a data directory with history is still being
# loaded, and a ClickHouse started then fails its handshake and exits.
answers() {
  local reply
  reply="$(timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf srvr >&3 && cat <&3" 2>/dev/null)" || return 1
  [[ "$reply" == *"Mode: "* ]]
}

write_config() {
  mkdir -p "$dir/data" "$dir/log"
  cat >"$dir/zoo.cfg" <<CFG
# Written by scripts/services/zookeeper.sh on each start; edit the script, not this file.
tickTime=2000
dataDir=$dir/data
clientPort=$port
clientPortAddress=127.0.0.1
admin.enableServer=false
4lw.commands.whitelist=srvr
CFG
}

start() {
  if pid="$(running_pid)" && answers; then
    echo "zookeeper: already running (pid $pid, 127.0.0.1:$port)"
    return 0
  fi
  if ! [ -r "$ZOOKEEPER_JAR" ] || ! command -v java >/dev/null; then
    echo "zookeeper: $ZOOKEEPER_JAR or java is missing (apt-get install zookeeper)" >&2
    exit 1
  fi
  if ! running_pid >/dev/null; then
    write_config
    nohup java -cp "$ZOOKEEPER_JAR" -Dzookeeper.log.dir="$dir/log" \
      org.apache.zookeeper.server.ZooKeeperServerMain "$dir/zoo.cfg" >>"$dir/log/stdout.log" 2>&1 &
    echo $! >"$pid_file"
  fi
  local waited=0
  until answers; do
    if ((waited >= START_TIMEOUT_SECONDS * 10)); then
      echo "zookeeper: no answer on 127.0.0.1:$port after ${START_TIMEOUT_SECONDS}s; see $dir/log/" >&2
      exit 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  echo "zookeeper: running (pid $(running_pid || echo '?'), 127.0.0.1:$port, data $dir)"
}

stop() {
  stop_service zookeeper
}

status() {
  service_status zookeeper "127.0.0.1:$port"
}

"$command_name"
