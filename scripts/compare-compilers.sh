#!/usr/bin/env bash
# Compiles the same files of a configured tree with gcc and with clang, back to back, one at a
# time and without ccache, and prints the seconds each took (docs/benchmarks.md, "Build time").
#   scripts/compare-compilers.sh BUILD_DIR FILE...   (FILE: a source path as in the tree)
# BUILD_DIR needs compile_commands.json (every tree here writes one). Objects go to a
# temporary directory; the tree is not touched.
set -euo pipefail
build=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-45s %8s %8s %6s\n' file gcc clang ratio
for file in "$@"; do
  entry=$(python3 - "$build/compile_commands.json" "$file" <<'EOF'
import json, shlex, sys
for e in json.load(open(sys.argv[1])):
    if e["file"].endswith(sys.argv[2]):
        args = shlex.split(e["command"])
        if "ccache" in args[0]:
            args = args[1:]
        i = args.index("-o")
        del args[i:i + 2]
        print(e["directory"])
        print(shlex.join(args[1:]))
        break
EOF
)
  [ -n "$entry" ] || { echo "$file: not in $build/compile_commands.json" >&2; exit 2; }
  dir=$(sed -n 1p <<<"$entry")
  flags=$(sed -n 2p <<<"$entry")
  declare -A took=()
  for cxx in g++ clang++; do
    start=$(date +%s.%N)
    (cd "$dir" && eval "$cxx $flags -o $out/o.o")
    took[$cxx]=$(echo "$(date +%s.%N) - $start" | bc)
  done
  printf '%-45s %8.1f %8.1f %6.2f\n' "$file" "${took[g++]}" "${took[clang++]}" \
    "$(echo "${took[g++]} / ${took[clang++]}" | bc -l)"
done
