#!/usr/bin/env bash
# Runs one fuzz target: first every file of its seed corpus once, then fuzzing for SECONDS.
#   fuzz/run.sh [--fresh] BINARY CORPUS SCRATCH SECONDS [libFuzzer options...]
# --fresh empties SCRATCH first (the brief test runs start from the seeds alone).
# New inputs go to SCRATCH (libFuzzer writes into its first corpus directory), so the repo's
# seeds stay as committed; a crash, leak or timeout is saved in SCRATCH as crash-*/leak-*/
# timeout-* and the run fails. Exit 77 (skip) when the binary was not built.
set -euo pipefail
fresh=0
[ "${1:-}" = --fresh ] && { fresh=1; shift; }
binary=$1 corpus=$2 scratch=$3 seconds=$4
shift 4
if [ ! -x "$binary" ]; then
  echo "fuzz: $binary is not built (needs clang and libFuzzer): skipped" >&2
  exit 77
fi
[ $fresh = 1 ] && rm -rf "$scratch"
mkdir -p "$scratch"
dict=$(dirname "$0")/dict/$(basename "$corpus").dict
extra=()
[ -f "$dict" ] && extra+=("-dict=$dict")
# -timeout: one input taking 10 s is a hang; -rss_limit_mb: a leak or blow-up is a finding.
exec "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$scratch/" "${extra[@]}" "$@" "$scratch" "$corpus"
