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
ulimit -n 20000
data=$(mktemp -d)
report=$(mktemp)
trap 'rm -rf "$data" "$report"' EXIT

probe() { /usr/bin/time -f %e "$bench" 10 2>&1 >/dev/null | tail -n 1; }
field() {  # field NAME JSON -> the first number after "NAME":
  sed -n "s/.*\"$1\": *\([0-9.e+-]*\).*/\1/p" <<<"$2" | head -n 1
}

echo "| --rate | probe before / after (s) | commands/s | result p50 / p99 ms | server CPU µs/command |"
echo "|---:|---|---:|---:|---:|"
for _ in $(seq 1 "$runs"); do
  before=$(probe)
  rm -rf "${data:?}"/*
  "$server" --address 127.0.0.1 --port 18080 --data "$data" --password-cost minimal \
    --memory-only true --log-level warn &
  pid=$!
  sleep 1
  "$load" --port 18080 --server-pid "$pid" --games 1000 --seconds 20 --warmup 5 \
    --rate "$rate" >"$report"
  kill "$pid"
  wait "$pid" || true
  after=$(probe)
  out=$(tr -d '\n ' <"$report")
  result=$(sed -n 's/.*"result_latency_ms":{\([^}]*\)}.*/\1/p' <<<"$out")
  echo "| $rate | $before / $after | $(field commands_per_second "$out") |" \
    "$(field p50 "$result") / $(field p99 "$result") |" \
    "$(field cpu_microseconds_per_command "$out") |"
done
