#!/usr/bin/env bash
# The TypeScript client's test (clients/typescript/): installs its pinned packages with `npm ci`
# in a work directory under the build tree (the source tree stays clean), checks that
# src/protocol.ts is what the schemas in protocol/schema/ generate, compiles everything with tsc
# (strict), runs the unit tests, then plays a whole game against the server's easy bot on a
# server started by tests/examples/run_against_server.py (free port, data in memory), recording
# every frame, which tests/protocol/schema_check.py then checks against the protocol's schemas.
#   run-ts-client.sh SERVER PROJECT_DIR WORK_DIR PYTHON
set -euo pipefail
server=$1 project=$2 work=$3 python=$4
package=$project/clients/typescript
mkdir -p "$work"
rm -rf "$work/scripts" "$work/src" "$work/test" "$work/build"
cp -r "$package/package.json" "$package/package-lock.json" "$package/tsconfig.json" \
      "$package/scripts" "$package/src" "$package/test" "$work/"
cd "$work"
npm ci --no-audit --no-fund --loglevel=error
node scripts/generate.mjs --schemas "$project/protocol/schema" --out src/protocol.ts --check
node_modules/.bin/tsc -p .
node --test build/test/unit_test.js
rm -f traffic.jsonl
"$python" "$project/tests/examples/run_against_server.py" "$server" \
     "ts_client_game: game [0-9]+ finished at version [0-9]+: [0-9]+ commands sent, all accepted" \
     -- node build/test/play_game.js --url {url} --seed 1 --trace "$work/traffic.jsonl"
# Every frame the client sent and got, against the protocol's schemas (views rebuilt from patches).
if "$python" -c 'import jsonschema' 2>/dev/null; then
  exec "$python" "$project/tests/protocol/schema_check.py" traffic "$work/traffic.jsonl"
fi
echo "ts_client_game: the frames were not checked against the schemas: python3's jsonschema module is missing (scripts/install-deps.sh)"
