#!/usr/bin/env bash
# Repeated runs of the server under load, each on a fresh server and bracketed by a probe of
# the machine's speed (`view_bench 10`'s wall time: deterministic, one thread), to tell the
# server's changes from the machine's own slow spells (docs/benchmarks.md).
#   scripts/load-series.sh RUNS RATE [BUILD_DIR]   (RATE 0: closed loop)
# Prints one Markdown table row per run. Needs a release build (`make bench` builds one).
set -euo pipefail

runs=${1:?runs}
rate=${2:?rate}
build=${3:-build/release}
server="$build/server/loyang-server"
load="$build/tools/load/loyang-load"
bench="$build/tools/view_bench"
for f in "$server" "$load" "$bench"; do
  [ -x "$f" ] || { echo "load-series: $f not found; build first" >&2; exit 2; }
done
# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
ulimit -n "$(ulimit -Hn)"  # every connection is a descriptor, in both processes
data=$(mktemp -d)
trap 'stop_server; rm -rf "$data"' EXIT

probe() { /usr/bin/time -f %e "$bench" 10 2>&1 >/dev/null | tail -n 1; }

echo "| --rate | probe before / after (s) | commands/s | result p50 / p99 ms | server CPU µs/command |"
echo "|---:|---|---:|---:|---:|"
for _ in $(seq 1 "$runs"); do
  before=$(probe)
  rm -rf "${data:?}"/*
  start_server "$data"
  out=$("$load" --port "$port" --server-pid "$server_pid" --games 1000 --seconds 20 \
    --warmup 5 --rate "$rate")
  stop_server
  after=$(probe)
  echo "| $rate | $before / $after | $(json commands_per_second "$out") |" \
    "$(json result_latency_ms.p50 "$out") / $(json result_latency_ms.p99 "$out") |" \
    "$(json server.cpu_microseconds_per_command "$out") |"
done
