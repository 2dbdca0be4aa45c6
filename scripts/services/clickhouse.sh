#!/usr/bin/env bash
# A ClickHouse server for development and CI, as the current user, on loopback only.
#
#   scripts/services/clickhouse.sh start|stop|status [dir]
#
# Everything it writes (config, data, logs, pid) stays under <dir> (default ./data/services/clickhouse).
# The HTTP interface listens on 127.0.0.1:$MESURA_CLICKHOUSE_HTTP_PORT (default 8123) and the native
# one on 127.0.0.1:$MESURA_CLICKHOUSE_TCP_PORT (default 9000), for clickhouse-client. The user is
# `default` with no password, which is why nothing listens beyond loopback.
# The config defines the cluster `mesura_one_node` (this server as its one shard and one replica) and
# the macros {shard} and {replica}, on which store/clickhouse/cluster-sql.ts's cluster DDL is checked;
# with MESURA_CLICKHOUSE_ZOOKEEPER=host:port (scripts/services/zookeeper.sh) the server also uses that
# ZooKeeper, which ReplicatedMergeTree tables and `ON CLUSTER` statements need, and serves its
# replicas' parts on 127.0.0.1:$MESURA_CLICKHOUSE_INTERSERVER_PORT (default 9009): without that port a
# replicated table stays read-only.
# Works with Debian's clickhouse-server 18.16 (/usr/sbin) and a current one (`clickhouse server`).
set -euo pipefail
# running_pid, stop_service, service_status.
. "$(dirname "$0")/pid-service.sh"

# How long start waits for `SELECT 1` to answer, and stop for the process to leave.
START_TIMEOUT_SECONDS=30
STOP_TIMEOUT_SECONDS=30

command_name="${1:-}"
dir="${2:-./data/services/clickhouse}"
http_port="${MESURA_CLICKHOUSE_HTTP_PORT:-8123}"
tcp_port="${MESURA_CLICKHOUSE_TCP_PORT:-9000}"
zookeeper="${MESURA_CLICKHOUSE_ZOOKEEPER:-}"
interserver_port="${MESURA_CLICKHOUSE_INTERSERVER_PORT:-9009}"

usage() {
  echo "usage: $0 start|stop|status [dir]  (ports: MESURA_CLICKHOUSE_HTTP_PORT, MESURA_CLICKHOUSE_TCP_PORT, MESURA_CLICKHOUSE_INTERSERVER_PORT)" >&2
  exit 2
}

case "$command_name" in start | stop | status) ;; *) usage ;; esac
for port in "$http_port" "$tcp_port" "$interserver_port"; do
  if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || ((port < 1 || port > 65535)); then
    echo "clickhouse: port '$port' is not a number from 1 to 65535" >&2
    exit 2
  fi
done
if [ -n "$zookeeper" ] && ! [[ "$zookeeper" =~ ^[A-Za-z0-9.-]{1,253}:[0-9]{1,5}$ ]]; then
  echo "clickhouse: MESURA_CLICKHOUSE_ZOOKEEPER '$zookeeper' is not host:port" >&2
  exit 2
fi
# The folder is written into XML: refuse the characters XML would read as markup.
if [[ "$dir" == *[\<\>\&\"\']* ]]; then
  echo "clickhouse: the folder '$dir' holds < > & or a quote; choose another folder" >&2
  exit 2
fi

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
pid_file="$dir/clickhouse-server.pid"

server_command() {
  if [ -x /usr/sbin/clickhouse-server ]; then
    echo /usr/sbin/clickhouse-server
  elif command -v clickhouse-server >/dev/null; then
    command -v clickhouse-server
  elif command -v clickhouse >/dev/null; then
    echo "$(command -v clickhouse) server"
  else
    echo "clickhouse: clickhouse-server is not installed (apt-get install clickhouse-server)" >&2
    exit 1
  fi
}


# `SELECT 1` over bash's /dev/tcp (no curl on a bare CI image); HTTP/1.0, so the server closes.
answers() {
  local reply
  reply="$(timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$http_port && printf 'GET /?query=SELECT%%201 HTTP/1.0\r\n\r\n' >&3 && cat <&3" 2>/dev/null)" || return 1
  [[ "$reply" == "HTTP/1."?" 200"*$'\r\n\r\n1' ]]
}

# ZooKeeper, the distributed DDL queue and the replicas' interserver port when
# MESURA_CLICKHOUSE_ZOOKEEPER names a server, else nothing.
zookeeper_config() {
  [ -n "$zookeeper" ] || return 0
  cat <<XML
  <zookeeper><node><host>${zookeeper%:*}</host><port>${zookeeper##*:}</port></node></zookeeper>
  <distributed_ddl><path>/clickhouse/task_queue/ddl</path></distributed_ddl>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <interserver_http_port>$interserver_port</interserver_http_port>
XML
}

write_config() {
  mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas" "$dir/log"
  cat >"$dir/config.xml" <<XML
<?xml version="1.0"?>
<!-- Written by scripts/services/clickhouse.sh on each start; edit the script, not this file. -->
<yandex>
  <logger>
    <level>warning</level>
    <log>$dir/log/clickhouse-server.log</log>
    <errorlog>$dir/log/clickhouse-server.err.log</errorlog>
    <size>10M</size>
    <count>2</count>
  </logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>$http_port</http_port>
  <tcp_port>$tcp_port</tcp_port>
  <path>$dir/data/</path>
  <tmp_path>$dir/tmp/</tmp_path>
  <user_files_path>$dir/user_files/</user_files_path>
  <format_schema_path>$dir/format_schemas/</format_schema_path>
  <users_config>$dir/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <max_concurrent_queries>100</max_concurrent_queries>
  <!-- Idle kept-alive connections close after 3 s (the package's value): stop waits for them. -->
  <keep_alive_timeout>3</keep_alive_timeout>
  <!-- A development machine: caches of 256 MiB rather than the package's 5 and 8 GiB. -->
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <!-- One shard of one replica, this server: the cluster DDL (store/clickhouse/cluster-sql.ts) runs here. -->
  <remote_servers>
    <mesura_one_node>
      <shard><internal_replication>true</internal_replication>
        <replica><host>127.0.0.1</host><port>$tcp_port</port></replica></shard>
    </mesura_one_node>
  </remote_servers>
  <macros><shard>01</shard><replica>one-node</replica></macros>
$(zookeeper_config)
</yandex>
XML
  cat >"$dir/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
    <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
XML
}

start() {
  if pid="$(running_pid)"; then
    if answers; then
      echo "clickhouse: already running (pid $pid, http 127.0.0.1:$http_port)"
      return 0
    fi
  else
    write_config
    rm -f "$pid_file"
    # shellcheck disable=SC2046 # `clickhouse server` is two words on a current install
    $(server_command) --config-file="$dir/config.xml" --pid-file="$pid_file" --daemon \
      >>"$dir/log/stdout.log" 2>&1
  fi
  local waited=0
  until answers; do
    if ((waited >= START_TIMEOUT_SECONDS * 10)); then
      echo "clickhouse: no answer on 127.0.0.1:$http_port after ${START_TIMEOUT_SECONDS}s; see $dir/log/" >&2
      exit 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  echo "clickhouse: running (pid $(running_pid || echo '?'), http 127.0.0.1:$http_port, data $dir)"
}

stop() {
  stop_service clickhouse
}

status() {
  service_status clickhouse "http 127.0.0.1:$http_port"
}

"$command_name"
