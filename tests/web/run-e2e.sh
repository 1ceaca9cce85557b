#!/usr/bin/env bash
# Runs the browser tests: installs playwright-core with `npm ci` in a work directory under the
# build tree (the source tree stays clean), then runs run.js against the given server binary.
# run.js records every page's WebSocket frames and /api/ exchanges in the work directory
# (harness.js, "the traffic record"); then the frames are checked against protocol/schema/
# (tests/protocol/schema_check.py traffic) and the exchanges against the OpenAPI document
# (tests/protocol/openapi_check.py http), each failing the test when something does not validate.
#   run-e2e.sh SERVER WEB_DIR WORK_DIR SCREENSHOT_DIR
set -euo pipefail
server=$1 web=$2 work=$3 shots=$4
here=$(cd "$(dirname "$0")" && pwd)
protocol=$here/../protocol
mkdir -p "$work"
rm -rf "$work/scenarios" "$work/ws-traffic.jsonl" "$work/http-traffic.jsonl"
cp -r "$here/package.json" "$here/package-lock.json" "$here/run.js" "$here/harness.js" "$here/scenarios" "$work/"
cd "$work"
npm ci --no-audit --no-fund --loglevel=error
status=0
node run.js --server "$server" --web "$web" --shots "$shots" --traffic "$work" \
  ${LOYANG_E2E_ONLY:+--only "$LOYANG_E2E_ONLY"} || status=$?

# Debian's python3 first: python3-jsonschema is installed for it.
python=${LOYANG_SCHEMA_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
if ! [ -f ws-traffic.jsonl ]; then
  echo "FAILED: no WebSocket record ($work/ws-traffic.jsonl): the run stopped before the scenarios"
  status=1
elif ! "$python" -c 'import jsonschema' 2>/dev/null; then
  echo "the browser's traffic check skipped: $python has no jsonschema module (run scripts/install-deps.sh)"
elif ! [ -s ws-traffic.jsonl ]; then
  echo "the browser's WebSocket check skipped: no scenario ran, no frame was recorded"
else
  echo "checking the browser's WebSocket frames against protocol/schema/ (schema_check.py traffic)"
  "$python" "$protocol/schema_check.py" traffic ws-traffic.jsonl || { echo "FAILED: the browser's WebSocket traffic"; status=1; }
  if [ -f "$protocol/openapi_check.py" ]; then
    echo "checking the browser's /api/ exchanges against the OpenAPI document (openapi_check.py http)"
    "$python" "$protocol/openapi_check.py" http http-traffic.jsonl || { echo "FAILED: the browser's /api/ exchanges"; status=1; }
  else
    echo "the browser's /api/ check skipped: tests/protocol/openapi_check.py does not exist yet ($(wc -l < http-traffic.jsonl) exchanges recorded in $work/http-traffic.jsonl)"
  fi
fi
exit $status
