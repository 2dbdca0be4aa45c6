# What the loopback services started by this folder's scripts (clickhouse.sh, clickhouse-current.sh,
# zookeeper.sh) share: a process known by the pid in "$pid_file", asked whether it answers by the
# script's own `answers`. Sourced, not run. Each function takes the service's name (for messages)
# and, for status, where it listens.

# The pid in "$pid_file" while that process lives.
running_pid() {
  [ -f "$pid_file" ] || return 1
  local pid
  pid="$(cat "$pid_file")"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# SIGTERM, then SIGKILL after STOP_TIMEOUT_SECONDS; forgets the pid file either way.
stop_service() {
  local name="$1" pid
  if ! pid="$(running_pid)"; then
    echo "$name: not running"
    rm -f "$pid_file"
    return 0
  fi
  kill -TERM "$pid"
  local waited=0
  while kill -0 "$pid" 2>/dev/null; do
    if ((waited >= STOP_TIMEOUT_SECONDS * 10)); then
      echo "$name: pid $pid still running after ${STOP_TIMEOUT_SECONDS}s; stopping it with SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  rm -f "$pid_file"
  echo "$name: stopped"
}

# Exit 0 running and answering, 1 running but silent, 3 not running (as an init script's status).
service_status() {
  local name="$1" where="$2" pid
  if pid="$(running_pid)" && answers; then
    echo "$name: running (pid $pid, $where)"
  elif pid="$(running_pid)"; then
    echo "$name: pid $pid runs but does not answer on ${where#http }"
    exit 1
  else
    echo "$name: not running"
    exit 3
  fi
}
