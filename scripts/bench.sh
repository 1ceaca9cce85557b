#!/usr/bin/env bash
# The benchmarks of docs/benchmarks.md, run against a release build.
#   scripts/bench.sh [BUILD_DIR]     (default build/release; `make bench` builds it first)
# Prints one Markdown table row per measurement, ready to paste into docs/benchmarks.md.
# Settings: BENCH_GAMES (engine), BENCH_SKIP_ENGINE=1, BENCH_IDLE (10000 connections),
# BENCH_HISTORY_GAMES (10), BENCH_LOAD_GAMES (1000), BENCH_LOAD_SECONDS (20), BENCH_LOAD_RATES ("200 400 0"; 0: unpaced).
set -euo pipefail

build=${1:-build/release}
loyang="$build/tools/loyang"
[ -x "$loyang" ] || { echo "bench: $loyang not found; run make build first" >&2; exit 2; }

field() {  # field NAME JSON -> the number after "NAME":
  sed -n "s/.*\"$1\": *\([0-9.e+-]*\).*/\1/p" <<<"$2" | head -n 1
}

echo "Machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
echo
if [ -z "${BENCH_SKIP_ENGINE:-}" ]; then  # BENCH_SKIP_ENGINE=1: the server load only
  echo "| benchmark | games | commands | seconds | games/s | commands/s |"
  echo "|---|---:|---:|---:|---:|---:|"

  simulate() {  # simulate LABEL ARGS...
    local label=$1; shift
    local out
    out=$("$loyang" simulate "$@" | tr -d '\n')
    local games commands seconds
    games=$(field games "$out")
    commands=$(field commands "$out")
    seconds=$(field seconds "$out")
    awk -v l="$label" -v g="$games" -v c="$commands" -v s="$seconds" \
      'BEGIN { printf "| %s | %d | %d | %.2f | %.0f | %.0f |\n", l, g, c, s, g / s, c / s }'
  }

  games=${BENCH_GAMES:-2000}
  for players in 2 3 4; do
    simulate "engine, ${players}p yucata, no invariant checks" \
      --players "$players" --games "$games" --seed 1 --no-invariants
  done
  simulate "engine, 4p original (Foreman), no invariant checks" \
    --players 4 --games "$games" --seed 1 --ruleset original --no-invariants
  simulate "engine, 4p yucata, invariants after every command" \
    --players 4 --games "$games" --seed 1
fi

# The store: durable commands/s through the writer (many games in flight), and the time to
# load a 4-player game from disk. The directory should be on the disk the server would use.
store_bench="$build/tools/store_bench"
if [ -x "$store_bench" ]; then
  store_dir=${BENCH_STORE_DIR:-${TMPDIR:-/tmp}/loyang-store-bench}
  echo
  echo "Store (SQLite, WAL, synchronous=FULL) in $store_dir ($(df -PT "$(dirname "$store_dir")" | awk 'NR==2 {print $2}')):"
  "$store_bench" --games "${BENCH_STORE_GAMES:-256}" --dir "$store_dir"
fi

# The server's per-command cost of its viewers' patches, without the network.
view_bench="$build/tools/view_bench"
if [ -x "$view_bench" ]; then
  echo
  echo "Patches for every viewer of a 4-player game (view_bench ${BENCH_VIEW_GAMES:-50} 4):"
  "$view_bench" "${BENCH_VIEW_GAMES:-50}" 4
fi

# The history endpoint: a game's log rebuilt on load, and a view at every version.
history_bench="$build/tools/history_bench"
if [ -x "$history_bench" ]; then
  echo
  echo "History of finished 4-player games (history_bench ${BENCH_HISTORY_GAMES:-10} 4):"
  "$history_bench" "${BENCH_HISTORY_GAMES:-10}" 4
fi

# Turn clocks: holding and firing the deadlines of many idle games.
clock_bench="$build/tools/clock_bench"
if [ -x "$clock_bench" ]; then
  echo
  echo "Deadlines of idle games (clock_bench ${BENCH_CLOCK_GAMES:-100000}):"
  "$clock_bench" "${BENCH_CLOCK_GAMES:-100000}"
fi

# ---- the server under load: loyang-load against loyang-server, both on this machine ----------
server="$build/server/loyang-server"
load="$build/tools/load/loyang-load"
if [ ! -x "$server" ] || [ ! -x "$load" ]; then
  echo "bench: $server or $load not found; skipping the server load" >&2
  exit 0
fi
ulimit -n "$(ulimit -Hn)"  # every connection is a descriptor, in both processes
# shellcheck source=scripts/load-server.sh
. "$(dirname "$0")/load-server.sh"
data=$(mktemp -d)
trap 'stop_server; rm -rf "$data"' EXIT
start_server "$data"

# Idle connections first, on the fresh server: memory freed by games would hide their cost.
idle=${BENCH_IDLE:-10000}
out=$("$load" --port "$port" --server-pid "$server_pid" --idle "$idle")
echo
echo "| idle connections | connected | server RSS before / held (kB) | RSS per connection (bytes) |"
echo "|---|---:|---|---:|"
printf '| %s | %s | %s / %s | %s |\n' "$idle" "$(json connected "$out")" \
  "$(json server.before_connections.rss_kb "$out")" "$(json server.held.rss_kb "$out")" \
  "$(json server.rss_bytes_per_connection "$out")"

echo
echo "| server load | games | clients | commands/s | result p50 / p99 / max ms | patch p50 / p99 / max ms | server CPU µs/command | server RSS after (MB) | errors |"
echo "|---|---:|---:|---:|---|---|---:|---:|---|"
load_games() {  # load_games LABEL ARGS...
  local label=$1; shift
  local out
  out=$("$load" --port "$port" --server-pid "$server_pid" "$@")
  printf '| %s | %s | %s | %s | %s / %s / %s | %s / %s / %s | %s | %s | %s |\n' "$label" \
    "$(json games "$out")" "$(json connections "$out")" "$(json commands_per_second "$out")" \
    "$(json result_latency_ms.p50 "$out")" "$(json result_latency_ms.p99 "$out")" \
    "$(json result_latency_ms.max "$out")" "$(json patch_latency_ms.p50 "$out")" \
    "$(json patch_latency_ms.p99 "$out")" "$(json patch_latency_ms.max "$out")" \
    "$(json server.cpu_microseconds_per_command "$out")" \
    "$(( $(json server.after.rss_kb "$out") / 1024 ))" "$(json errors "$out")"
}
load_games_n=${BENCH_LOAD_GAMES:-1000}
load_seconds=${BENCH_LOAD_SECONDS:-20}
for rate in ${BENCH_LOAD_RATES:-200 400 0}; do
  label="4p games, --rate $rate"
  [ "$rate" = 0 ] && label="4p games, as fast as answered"
  load_games "$label" --games "$load_games_n" --seconds "$load_seconds" --warmup 5 --rate "$rate"
done

# Chat beside the moves (issue 23): scripts/chat-bench.sh, on servers of its own.
stop_server
bash "$(dirname "$0")/chat-bench.sh" "$build"
# Human games while other games' bots think (issue 24): scripts/bot-bench.sh.
bash "$(dirname "$0")/bot-bench.sh" "$build"

# The browser client's speed (tests/web/perf.js) in Debian's chromium: lobby and board drawn,
# click to update, what a returning visitor downloads, over a fast and a slow network; then a
# whole game against the bot played through the page (tests/web/play-game.js), with the mouse
# and with the keyboard alone. BENCH_WEB_COMPARE=DIR adds another web directory measured side
# by side (e.g. `git archive OLD web | tar -x -C /tmp/old`).
if command -v node >/dev/null && command -v npm >/dev/null && command -v chromium >/dev/null; then
  work="$build/web-perf"
  mkdir -p "$work"
  cp tests/web/package.json tests/web/package-lock.json tests/web/perf.js tests/web/serve.js tests/web/play-game.js "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  echo
  webs=(--web "$PWD/web")
  [ -n "${BENCH_WEB_COMPARE:-}" ] && webs=(--web "$BENCH_WEB_COMPARE" "${webs[@]}")
  server_abs=$(realpath "$server")
  web_abs="$PWD/web"
  (cd "$work" && CHROMIUM=$(command -v chromium) node perf.js --server "$server_abs" "${webs[@]}" --rounds 7 --clicks 30)
  (cd "$work" && CHROMIUM=$(command -v chromium) node perf.js --server "$server_abs" "${webs[@]}" --rounds 3 --clicks 30 --rtt 100 --mbit 10)
  (cd "$work" && CHROMIUM=$(command -v chromium) node perf.js --server "$server_abs" "${webs[@]}" --rounds 1 --clicks 30 --cpu 4)
  (cd "$work" && CHROMIUM=$(command -v chromium) node play-game.js --server "$server_abs" --web "$web_abs" --seed 1)
  (cd "$work" && CHROMIUM=$(command -v chromium) node play-game.js --server "$server_abs" --web "$web_abs" --seed 1 --keyboard)
else
  echo "bench: the browser client's speed needs node, npm and chromium (scripts/install-deps.sh)" >&2
fi
