#!/usr/bin/env bash
# The benchmarks of docs/benchmarks.md, run against a release build.
#   scripts/bench.sh [BUILD_DIR]     (default build/release; `make bench` builds it first)
# Prints one Markdown table row per measurement, ready to paste into docs/benchmarks.md.
set -euo pipefail

build=${1:-build/release}
loyang="$build/tools/loyang"
[ -x "$loyang" ] || { echo "bench: $loyang not found; run make build first" >&2; exit 2; }

field() {  # field NAME JSON -> the number after "NAME":
  sed -n "s/.*\"$1\": *\([0-9.e+-]*\).*/\1/p" <<<"$2" | head -n 1
}

echo "Machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
echo
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

# The store: durable commands/s through the writer (many games in flight), and the time to
# load a 4-player game from disk. The directory should be on the disk the server would use.
store_bench="$build/tools/store_bench"
if [ -x "$store_bench" ]; then
  store_dir=${BENCH_STORE_DIR:-${TMPDIR:-/tmp}/loyang-store-bench}
  echo
  echo "Store (SQLite, WAL, synchronous=FULL) in $store_dir ($(df -PT "$(dirname "$store_dir")" | awk 'NR==2 {print $2}')):"
  "$store_bench" --games "${BENCH_STORE_GAMES:-256}" --dir "$store_dir"
fi
