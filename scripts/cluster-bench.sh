#!/usr/bin/env bash
# Several nodes on one PostgreSQL database (issue 25): loyang-load through HAProxy against one
# node on SQLite, one node on PostgreSQL and three nodes on PostgreSQL, side by side (in this
# order for each rate, then the next rate, then the next round), each run on fresh nodes, a
# fresh database and a fresh HAProxy. PostgreSQL is a throwaway cluster in a temporary
# directory, as scripts/pg-bench.sh makes it (initdb/pg_ctl, as nobody when run as root; unix
# socket only; its defaults: fsync and synchronous_commit on).
#
#   bash scripts/cluster-bench.sh BUILD_DIR     (a Release build: loyang-server, loyang-load)
#
# The setups (BENCH_CLUSTER_SETUPS, default "sqlite1 pg1 pg3 pg3-watch"):
#   sqlite1    one node, SQLite store, behind HAProxy
#   pg1        one node, PostgreSQL store, behind HAProxy
#   pg3        three nodes (A, B, C) on one PostgreSQL database, HAProxy round robin over them
#   pg3-watch  three nodes; the players go through HAProxy to A and B only, and every game has
#              a watcher (loyang-load --watch-port: a guest spectator) connected straight to
#              C: each command is sent to one node and its patch timed on another
#              ("cross-node ms"); run at the rates of BENCH_CLUSTER_WATCH_RATES only
#   pg3-affinity  as pg3-watch, but HAProxy sends all of a game's players to one node (A or B):
#              `balance url_param game` on the WebSocket URL's game (loyang-load puts it there,
#              as the browser does), `hash-type consistent`; each command is applied on its
#              game's node and on C only, not on all three
#   pg1-watch  one node, the watchers on it too (the same measure without a second node)
#   SETUP-tN   any of these with N I/O threads per node (--threads N; default: one per core)
# BENCH_CLUSTER_RATES ("2000 0"), BENCH_CLUSTER_WATCH_RATES ("2000"), BENCH_CLUSTER_GAMES
# (1000), BENCH_CLUSTER_SECONDS (20), BENCH_CLUSTER_ROUNDS (1). BENCH_CLUSTER_KEEP=1 keeps the
# temporary directory (node, HAProxy and PostgreSQL logs) and prints it.
#
# Prints one table row per run: commands/s, result p50 / p99 ms, another seat's patch p99,
# the watchers' patch p50 / p99, the CPU µs per command of the nodes (loyang-server
# processes added up, measured by loyang-load over the measured run), of PostgreSQL (the
# postmaster and its children over set-up, warm-up and run, per command at the measured
# rate, as pg-bench.sh counts it) and of HAProxy (the same way), the errors, and the count of
# warning and error lines in the nodes' logs.
set -euo pipefail
build=$(readlink -f "${1:?usage: cluster-bench.sh BUILD_DIR}")
# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
load_tools cluster-bench "$build"
haproxy=$(command -v haproxy || true)
[ -n "$haproxy" ] || { echo "cluster-bench: haproxy not found (apt-get install haproxy)" >&2; exit 2; }

bin=""
for d in /usr/local/bin /usr/bin /usr/lib/postgresql/*/bin; do
  [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bin=$(dirname "$(readlink -f "$d/initdb")") && break
done
[ -n "$bin" ] || { echo "cluster-bench: initdb/pg_ctl not found (apt-get install postgresql)" >&2; exit 2; }
as_user=()
[ "$(id -u)" -eq 0 ] && as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)

games=${BENCH_CLUSTER_GAMES:-1000}
measured=${BENCH_CLUSTER_SECONDS:-20}
warmup=5
work=$(mktemp -d /tmp/loyang-cluster-bench-XXXXXX)
cd "$work"  # nobody may not be allowed into the current directory
[ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$work"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
pg_port=$(free_port)
node_pids=()
haproxy_pid=""
stop_run() {  # the nodes and HAProxy of a run
  local pid
  for pid in "${node_pids[@]}" $haproxy_pid; do kill "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}" $haproxy_pid; do wait "$pid" 2>/dev/null || true; done
  node_pids=()
  haproxy_pid=""
}
cleanup() {
  stop_run
  "${as_user[@]}" "$bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  if [ "${BENCH_CLUSTER_KEEP:-0}" = 1 ]; then echo "cluster-bench: logs kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
"${as_user[@]}" "$bin/initdb" -D "$work/pg" -U loyang -A trust -E UTF8 >"$work/initdb.log" 2>&1
"${as_user[@]}" "$bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $pg_port -k $work -c listen_addresses=''" start >/dev/null

ticks() {  # CPU ticks so far of the given processes and their children
  local total=0 pid
  for pid in "$@"; do
    for p in "$pid" $(pgrep -P "$pid" || true); do
      [ -r "/proc/$p/stat" ] && total=$(( total + $(awk '{print $14 + $15}' "/proc/$p/stat") ))
    done
  done
  echo "$total"
}

# start_node DIR STORE: a loyang-server on a free port, its data and log in DIR; appends its
# pid to node_pids and its port to node_ports.
node_ports=()
start_node() {
  local dir=$1 log="$1/server.log" database=() port=""
  mkdir -p "$dir"
  [ "$2" = postgres ] && database=(--database "$pg_url")
  "$server" --address 127.0.0.1 --port 0 --data "$dir" --password-cost minimal --signups-per-hour 0 \
    --write-budgets off --trusted-proxies 127.0.0.1 --max-websockets-per-address 0 --memory-only false "${database[@]}" --log-level info \
    "${node_threads[@]}" >"$log" 2>&1 &
  node_pids+=($!)
  for _ in $(seq 200); do
    port=$(sed -n 's|.*listening on http://[^ ]*:\([0-9]*\)/.*|\1|p' "$log" | head -n 1)
    if [ -n "$port" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; then
      node_ports+=("$port")
      return 0
    fi
    sleep 0.1
  done
  echo "cluster-bench: a node did not start or get ready" >&2
  cat "$log" >&2
  exit 1
}

# start_haproxy DIR PORT...: HAProxy on a free port (lb_port) balancing over the given node
# ports (round robin, or $balance), with the health check deploy/cluster/haproxy.cfg uses (GET
# /readyz).
balance="roundrobin"
start_haproxy() {
  local dir=$1 servers="" i=0 p
  shift
  lb_port=$(free_port)
  for p in "$@"; do
    i=$((i + 1))
    servers+="    server node$i 127.0.0.1:$p check inter 2s fall 3 rise 2"$'\n'
  done
  cat >"$dir/haproxy.cfg" <<EOF
global
    maxconn 9000

defaults
    mode http
    timeout connect 5s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout client-fin 30s
    timeout server-fin 30s
    timeout check 2s
    retries 3
    option redispatch

frontend loyang
    bind 127.0.0.1:$lb_port
    maxconn 9000
    option forwardfor
    default_backend loyang_nodes

backend loyang_nodes
    balance $balance
    option httpchk
    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host loyang
    http-check expect status 200
$servers
EOF
  "$haproxy" -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
  haproxy_pid=$!
  for _ in $(seq 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$lb_port/readyz")" = 200 ] && return 0
    sleep 0.1
  done
  echo "cluster-bench: HAProxy did not answer" >&2
  cat "$dir/haproxy.log" >&2
  exit 1
}

echo "| setup | --rate | commands/s | result p50 / p99 ms | patch p99 ms | watcher p50 / p99 ms | nodes CPU µs/command | PostgreSQL CPU µs/command | HAProxy CPU µs/command | errors | warn/error log lines |"
echo "|---|---:|---:|---|---:|---|---:|---:|---:|---|---:|"
run=0
for round in $(seq "${BENCH_CLUSTER_ROUNDS:-1}"); do
  for rate in ${BENCH_CLUSTER_RATES:-2000 0}; do
    for named in ${BENCH_CLUSTER_SETUPS:-sqlite1 pg1 pg3 pg3-watch}; do
      # A setup's name may end in -tN: its nodes then run N I/O threads (--threads N).
      setup=${named%-t[0-9]*}
      node_threads=()
      [ "$setup" != "$named" ] && node_threads=(--threads "${named##*-t}")
      case "$setup" in
        *-watch | *-affinity) case " ${BENCH_CLUSTER_WATCH_RATES:-2000} " in *" $rate "*) ;; *) continue ;; esac ;;
      esac
      run=$((run + 1))
      dir="$work/run$run-$named-$rate"
      mkdir -p "$dir"
      store=postgres
      nodes=3
      case "$setup" in
        sqlite1) store=sqlite; nodes=1 ;;
        pg1 | pg1-watch) nodes=1 ;;
      esac
      if [ "$store" = postgres ]; then
        "${as_user[@]}" "$bin/psql" -X -q -h "$work" -p "$pg_port" -U loyang -d postgres -c "CREATE DATABASE run$run"
        pg_url="postgresql://loyang@/run$run?host=$work&port=$pg_port"
      fi
      node_ports=()
      for n in $(seq "$nodes"); do start_node "$dir/node$n" "$store"; done
      watch=()
      balance="roundrobin"
      case "$setup" in
        pg3-affinity)
          balance=$'url_param game\n    hash-type consistent'
          start_haproxy "$dir" "${node_ports[0]}" "${node_ports[1]}"; watch=(--watch-port "${node_ports[2]}") ;;
        pg3-watch) start_haproxy "$dir" "${node_ports[0]}" "${node_ports[1]}"; watch=(--watch-port "${node_ports[2]}") ;;
        pg1-watch) start_haproxy "$dir" "${node_ports[@]}"; watch=(--watch-port "${node_ports[0]}") ;;
        *) start_haproxy "$dir" "${node_ports[@]}" ;;
      esac
      pids=$(IFS=,; echo "${node_pids[*]}")
      postmaster=$(head -n 1 "$work/pg/postmaster.pid")
      pg_before=$(ticks "$postmaster")
      lb_before=$(ticks "$haproxy_pid")
      out=$("$load" --port "$lb_port" --server-pid "$pids" --games "$games" \
        --seconds "$measured" --warmup "$warmup" --rate "$rate" "${watch[@]}") || true  # (connections that failed: in its errors)
      pg_after=$(ticks "$postmaster")
      lb_after=$(ticks "$haproxy_pid")
      stop_run
      echo "$out" >"$dir/report.json"
      logged=$(cat "$dir"/node*/server.log | grep -ciE '\b(warn|warning|error|critical)\b' || true)
      sent=$(python3 -c "print($(json commands_per_second "$out") * ($measured + $warmup))")
      per_command() { python3 -c "import os; t = os.sysconf('SC_CLK_TCK'); print(round(($2 - $1) / t * 1e6 / max(1, $sent)))"; }
      pg_us="-"
      [ "$store" = postgres ] && pg_us=$(per_command "$pg_before" "$pg_after")
      watched="-"
      [ ${#watch[@]} -gt 0 ] && watched="$(json watch_latency_ms.p50 "$out") / $(json watch_latency_ms.p99 "$out")"
      printf '| %s | %s | %s | %s / %s | %s | %s | %s | %s | %s | %s | %s |\n' "$named" "$rate" \
        "$(json commands_per_second "$out")" "$(json result_latency_ms.p50 "$out")" \
        "$(json result_latency_ms.p99 "$out")" "$(json patch_latency_ms.p99 "$out")" "$watched" \
        "$(json server.cpu_microseconds_per_command "$out")" "$pg_us" "$(per_command "$lb_before" "$lb_after")" \
        "$(json errors "$out")" "$logged"
    done
  done
done
