#!/usr/bin/env bash
# Human games while bots think (issue 24, docs/benchmarks.md "Bots"): the latency of paced
# 4-player games of load clients, alone and while other games' server bots (easy, then strong)
# decide on the bot pool, in turn twice (ABCABC) on one server. Prints Markdown table rows.
#   scripts/bot-bench.sh [BUILD_DIR]     (default build/release)
# Settings: BENCH_BOT_HUMAN_GAMES (200), BENCH_BOT_RATE (commands/s of the human games, 400),
# BENCH_BOT_GAMES (games with 3 bots and one load client, 10), BENCH_LOAD_SECONDS (20).
set -euo pipefail

# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
load_tools bot-bench "${1:-build/release}"

humans=${BENCH_BOT_HUMAN_GAMES:-200}
rate=${BENCH_BOT_RATE:-400}
bot_games=${BENCH_BOT_GAMES:-10}
seconds=${BENCH_LOAD_SECONDS:-20}
data=$(mktemp -d)
trap 'stop_server 2>/dev/null; rm -rf "$data"' EXIT
start_server "$data"

decisions() {  # the server's count of bot decisions so far
  python3 -c 'import sys, urllib.request
for line in urllib.request.urlopen(sys.argv[1]).read().decode().splitlines():
    if line.startswith("loyang_bot_decisions_total "): print(int(float(line.split()[1])))' "http://127.0.0.1:$port/metrics"
}

echo "| human games while bots think | bots | commands/s | result p50 / p99 / max ms | patch p50 / p99 / max ms | bot decisions/s | errors |"
echo "|---|---|---:|---|---|---:|---|"
for level in none easy strong none easy strong; do
  if [ "$level" != none ]; then
    # The bot games start first and play on, as fast as the bots answer, past the measured window.
    "$load" --port "$port" --games "$bot_games" --players 4 --bots 3 --bot-level "$level" --rate 0 \
      --seconds "$(( ${seconds%.*} + 10 ))" --warmup 0 >"$data/bots.json" &
    bots_pid=$!
    sleep 3
  fi
  d0=$(decisions); t0=$(date +%s.%N)
  out=$("$load" --port "$port" --server-pid "$server_pid" --games "$humans" --seconds "$seconds" --warmup 5 --rate "$rate")
  d1=$(decisions); t1=$(date +%s.%N)
  [ "$level" != none ] && wait "$bots_pid"
  printf '| %s games at --rate %s | %s | %s | %s / %s / %s | %s / %s / %s | %s | %s |\n' "$humans" "$rate" \
    "$([ "$level" = none ] && echo none || echo "$bot_games games × 3 $level")" "$(json commands_per_second "$out")" \
    "$(json result_latency_ms.p50 "$out")" "$(json result_latency_ms.p99 "$out")" "$(json result_latency_ms.max "$out")" \
    "$(json patch_latency_ms.p50 "$out")" "$(json patch_latency_ms.p99 "$out")" "$(json patch_latency_ms.max "$out")" \
    "$(python3 -c "print(round(($d1 - $d0) / ($t1 - $t0), 1))")" "$(json errors "$out")"
done
