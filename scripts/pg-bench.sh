#!/usr/bin/env bash
# The PostgreSQL store beside the SQLite store (issue 25): loyang-load against one server on
# each, alternating (SQLite, PostgreSQL, SQLite, PostgreSQL, ...), each run on a fresh server
# and a fresh database. PostgreSQL is a throwaway cluster in a temporary directory on this
# machine (initdb/pg_ctl, as nobody when run as root; unix socket only), with its defaults
# (fsync and synchronous_commit on), like the SQLite store's synchronous=FULL.
#
#   bash scripts/pg-bench.sh BUILD_DIR        (a Release build: loyang-server, loyang-load)
#
# BENCH_PG_RATES ("2000 6000 0"), BENCH_PG_GAMES (1000), BENCH_PG_SECONDS (20), BENCH_PG_ROUNDS (2).
# Prints one table row per run: commands/s, result p50 / p99 ms, the server's CPU µs per
# command (loyang-server alone, measured by loyang-load over the run), and PostgreSQL's
# (the postmaster's and its backends' CPU over warm-up and run, per command at the measured rate).
set -euo pipefail
build=$(readlink -f "${1:?usage: pg-bench.sh BUILD_DIR}")
# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
load_tools pg-bench "$build"

bin=""
for d in /usr/local/bin /usr/bin /usr/lib/postgresql/*/bin; do
  [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bin=$(dirname "$(readlink -f "$d/initdb")") && break
done
[ -n "$bin" ] || { echo "pg-bench: initdb/pg_ctl not found (apt-get install postgresql)" >&2; exit 2; }
as_user=()
[ "$(id -u)" -eq 0 ] && as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)

work=$(mktemp -d /tmp/loyang-pg-bench-XXXXXX)
cd "$work"  # nobody may not be allowed into the current directory
[ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$work"
pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
data=""
cleanup() {
  stop_server
  "${as_user[@]}" "$bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work" "$data"
}
trap cleanup EXIT
"${as_user[@]}" "$bin/initdb" -D "$work/pg" -U loyang -A trust -E UTF8 >"$work/initdb.log" 2>&1
"${as_user[@]}" "$bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $pg_port -k $work -c listen_addresses=''" start >/dev/null

postgres_cpu() {  # CPU ticks so far of the postmaster and its children (the backends serving the server)
  local total=0 pid postmaster
  postmaster=$(head -n 1 "$work/pg/postmaster.pid")
  for pid in "$postmaster" $(pgrep -P "$postmaster"); do
    [ -r "/proc/$pid/stat" ] && total=$(( total + $(awk '{print $14 + $15}' "/proc/$pid/stat") ))
  done
  echo "$total"
}

echo "| store | --rate | commands/s | result p50 / p99 ms | loyang-server CPU µs/command | PostgreSQL CPU µs/command | errors |"
echo "|---|---:|---:|---|---:|---:|---|"
run=0
for round in $(seq "${BENCH_PG_ROUNDS:-2}"); do
  for rate in ${BENCH_PG_RATES:-2000 6000 0}; do
    for store in sqlite postgres; do
      run=$((run + 1))
      data=$(mktemp -d)
      if [ "$store" = postgres ]; then
        "${as_user[@]}" "$bin/psql" -X -q -h "$work" -p "$pg_port" -U loyang -d postgres -c "CREATE DATABASE run$run"
        pg_url="postgresql://loyang@/run$run?host=$work&port=$pg_port"
      fi
      start_server "$data" "$store"
      before=$(postgres_cpu)
      out=$("$load" --port "$port" --server-pid "$server_pid" --games "${BENCH_PG_GAMES:-1000}" \
        --seconds "${BENCH_PG_SECONDS:-20}" --warmup 5 --rate "$rate")
      after=$(postgres_cpu)
      stop_server
      rm -rf "$data"
      pg_us="-"
      if [ "$store" = postgres ]; then
        # Over warm-up and measured run alike, at the measured rate.
        sent=$(python3 -c "print($(json commands_per_second "$out") * (${BENCH_PG_SECONDS:-20} + 5))")
        pg_us=$(python3 -c "import os; t = os.sysconf('SC_CLK_TCK'); print(round(($after - $before) / t * 1e6 / max(1, $sent)))")
      fi
      printf '| %s | %s | %s | %s / %s | %s | %s | %s |\n' "$store" "$rate" "$(json commands_per_second "$out")" \
        "$(json result_latency_ms.p50 "$out")" "$(json result_latency_ms.p99 "$out")" \
        "$(json server.cpu_microseconds_per_command "$out")" "$pg_us" "$(json errors "$out")"
    done
  done
done
