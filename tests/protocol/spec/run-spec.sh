#!/usr/bin/env bash
# The protocol documents against the official OpenAPI 3.1 and AsyncAPI 3.0.0 schemas: installs the
# pinned packages with `npm ci` in a work directory under the build tree (the source tree stays
# clean), checks protocol/openapi.json and protocol/asyncapi.json (check_documents.mjs check),
# then that broken copies of them are refused (selftest). Exit 77 (skipped) without node or npm.
#   run-spec.sh PROJECT_DIR WORK_DIR
set -euo pipefail
project=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "protocol_documents_spec skipped: node or npm is missing (run scripts/install-deps.sh)"
  exit 77
fi
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/check_documents.mjs" "$work/"
cd "$work"
npm ci --no-audit --no-fund --loglevel=error
node check_documents.mjs check "$project/protocol"
exec node check_documents.mjs selftest "$project/protocol"
