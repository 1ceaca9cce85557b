#!/usr/bin/env bash
# Chat beside the moves (issue 23, docs/benchmarks.md): the same paced 4-player games without
# and with every client chatting (each message stored, then sent to the game's other
# subscribers), run in turn twice (ABAB) on a fresh server for each store, so that the
# machine's slow spells hit both alike. Prints Markdown table rows.
#   scripts/chat-bench.sh [BUILD_DIR]     (default build/release)
# Settings: BENCH_CHAT_GAMES (250), BENCH_CHAT_RATE (commands/s over all games, 500),
# BENCH_CHAT_PER_CLIENT (messages/s each client sends, 0.5: what the server lets through),
# BENCH_CHAT_STORES ("memory sqlite"), BENCH_LOAD_SECONDS (20).
set -euo pipefail

# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
load_tools chat-bench "${1:-build/release}"

games=${BENCH_CHAT_GAMES:-250}
rate=${BENCH_CHAT_RATE:-500}
each=${BENCH_CHAT_PER_CLIENT:-0.5}
seconds=${BENCH_LOAD_SECONDS:-20}
data=""
trap 'stop_server 2>/dev/null; [ -n "$data" ] && rm -rf "$data"' EXIT

echo "| chat beside the moves | store | chat/s per client | commands/s | result p50 / p99 / max ms | patch p50 / p99 / max ms | server CPU µs/command | chat sent / echoed / delivered | errors |"
echo "|---|---|---:|---:|---|---|---:|---|---|"
for store in ${BENCH_CHAT_STORES:-memory sqlite}; do
  data=$(mktemp -d)
  start_server "$data" "$store"
  for chat in 0 "$each" 0 "$each"; do
    out=$("$load" --port "$port" --server-pid "$server_pid" --games "$games" --seconds "$seconds" \
      --warmup 5 --rate "$rate" --chat "$chat")
    printf '| %s games, --rate %s | %s | %s | %s | %s / %s / %s | %s / %s / %s | %s | %s / %s / %s | %s |\n' \
      "$games" "$rate" "$store" "$chat" "$(json commands_per_second "$out")" \
      "$(json result_latency_ms.p50 "$out")" "$(json result_latency_ms.p99 "$out")" \
      "$(json result_latency_ms.max "$out")" "$(json patch_latency_ms.p50 "$out")" \
      "$(json patch_latency_ms.p99 "$out")" "$(json patch_latency_ms.max "$out")" \
      "$(json server.cpu_microseconds_per_command "$out")" "$(json chat_sent "$out")" \
      "$(json chat_accepted "$out")" "$(json chat_received "$out")" "$(json errors "$out")"
  done
  stop_server
  rm -rf "$data"
  data=""
done
