#!/usr/bin/env bash
# Runs the browser tests: installs playwright-core with `npm ci` in a work directory under the
# build tree (the source tree stays clean), then runs run.js against the given server binary.
#   run-e2e.sh SERVER WEB_DIR WORK_DIR SCREENSHOT_DIR
set -euo pipefail
server=$1 web=$2 work=$3 shots=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
rm -rf "$work/scenarios"
cp -r "$here/package.json" "$here/package-lock.json" "$here/run.js" "$here/harness.js" "$here/scenarios" "$work/"
cd "$work"
npm ci --no-audit --no-fund --loglevel=error
exec node run.js --server "$server" --web "$web" --shots "$shots" ${LOYANG_E2E_ONLY:+--only "$LOYANG_E2E_ONLY"}
