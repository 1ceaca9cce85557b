#!/usr/bin/env bash
# Two server builds side by side under the same load, in one run (docs/benchmarks.md): each
# round starts a fresh server of build A, then of build B (then B before A in the next round,
# so neither always runs first), and drives it with the same loyang-load (build B's) for the
# same games and rate. Prints one Markdown row per server run, then each build's median server
# CPU per command and B's ratio to A.
#   scripts/ab-server.sh A_BUILD B_BUILD [ROUNDS] [RATE] [STORE]
#   (RATE 0: closed loop; STORE memory or sqlite; builds are release trees with
#    server/loyang-server and tools/load/loyang-load)
set -euo pipefail

a_build=${1:?A build directory}
b_build=${2:?B build directory}
rounds=${3:-3}
rate=${4:-2000}
store=${5:-memory}
games=${AB_GAMES:-1000}
seconds=${AB_SECONDS:-20}
load="$b_build/tools/load/loyang-load"
for f in "$a_build/server/loyang-server" "$b_build/server/loyang-server" "$load"; do
  [ -x "$f" ] || { echo "ab-server: $f not found; build first" >&2; exit 2; }
done
# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
ulimit -n "$(ulimit -Hn)"
data=$(mktemp -d)
trap 'stop_server; rm -rf "$data"' EXIT

declare -A cpu
run() {  # run NAME BUILD
  server="$2/server/loyang-server"
  rm -rf "${data:?}"/*
  start_server "$data" "$store"
  local out
  out=$("$load" --port "$port" --server-pid "$server_pid" --games "$games" --seconds "$seconds" --warmup 5 --rate "$rate")
  stop_server
  local us
  us=$(json server.cpu_microseconds_per_command "$out")
  cpu[$1]="${cpu[$1]:-} $us"
  echo "| $1 | $(json commands_per_second "$out") | $(json result_latency_ms.p50 "$out") / $(json result_latency_ms.p99 "$out") | $us | $(( $(json server.after.rss_kb "$out") / 1024 )) | $(json errors "$out") |"
}

echo "| build ($store, --rate $rate, $games 4p games, ${seconds} s) | commands/s | result p50 / p99 ms | server CPU µs/command | server RSS after (MB) | errors |"
echo "|---|---:|---|---:|---:|---|"
for i in $(seq 1 "$rounds"); do
  if (( i % 2 )); then run A "$a_build"; run B "$b_build"; else run B "$b_build"; run A "$a_build"; fi
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
ma=$(echo "${cpu[A]}" | median)
mb=$(echo "${cpu[B]}" | median)
echo
echo "median server CPU µs/command: A $ma, B $mb; B/A $(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%.2f", b / a}')"
