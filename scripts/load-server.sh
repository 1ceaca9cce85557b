# Sourced by bench.sh and load-series.sh: a loyang-server for loyang-load to drive, and the
# report's fields. Needs $server (the server binary).

# start_server DATA [STORE]: starts a server on a free port with its data (and log) in DATA,
# memory-only unless STORE is "sqlite" (then every command and chat message is committed to
# DATA/loyang.db first) or "postgres" (committed to the PostgreSQL database $pg_url); sets
# server_pid and port. Exits if the server does not start.
start_server() {
  local data=$1 log="$1/server.log" memory=true database=()
  [ "${2:-memory}" = sqlite ] && memory=false
  [ "${2:-memory}" = postgres ] && memory=false && database=(--database "$pg_url")
  "$server" --address 127.0.0.1 --port 0 --data "$data" --password-cost minimal --signups-per-hour 0 \
    --max-connections-per-address 0 --max-websockets-per-address 0 --write-budgets off \
    --memory-only "$memory" "${database[@]}" --log-level info >"$log" 2>&1 &
  server_pid=$!
  port=""
  for _ in $(seq 100); do
    port=$(sed -n 's|.*listening on http://[^ ]*:\([0-9]*\)/.*|\1|p' "$log" | head -n 1)
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  echo "the server did not start" >&2
  cat "$log" >&2
  exit 1
}

# stop_server: stops the server start_server started, if it runs.
stop_server() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
}

json() {  # json PATH JSON -> the value at a dotted path; an object as k=v pairs
  python3 -c 'import json, sys
v = json.loads(sys.argv[2])
for k in sys.argv[1].split("."): v = v.get(k) if isinstance(v, dict) else None
if isinstance(v, dict): print(", ".join(f"{k}={n}" for k, n in v.items()) or "none")
else: print("-" if v is None else v)' "$1" "$2"
}

# load_tools NAME BUILD_DIR: sets server and load to BUILD_DIR's binaries (exits 2, saying so
# as NAME, when one is missing) and raises the descriptor limit: a connection is a descriptor.
load_tools() {
  server="$2/server/loyang-server"
  load="$2/tools/load/loyang-load"
  [ -x "$server" ] && [ -x "$load" ] || { echo "$1: $server or $load not found; run make build first" >&2; exit 2; }
  ulimit -n "$(ulimit -Hn)"
}
