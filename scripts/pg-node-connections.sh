#!/bin/bash
# How many PostgreSQL connections a loyang-server node holds (docs/scale-out.md, "PostgreSQL
# connections per node"): a throw-away PostgreSQL cluster, two nodes with --threads 2, their
# sessions counted by application_name idle, during 40 concurrent logins, and after.
# Usage: scripts/pg-node-connections.sh [path/to/loyang-server]   (run as root: PostgreSQL runs as nobody)
set -e
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
S=$(realpath "${1:-build/debug/server/loyang-server}")
WEB=$(cd "$(dirname "$0")/.." && pwd)/web
D=/tmp/pgm-$$
mkdir -p $D && chown nobody:nogroup $D
cd $D
setpriv --reuid=nobody --regid=nogroup --clear-groups $BIN/initdb -D $D/data -U loyang -A trust -E UTF8 --no-sync >/dev/null
setpriv --reuid=nobody --regid=nogroup --clear-groups $BIN/pg_ctl -D $D/data -l $D/log -w -o "-p 55432 -k $D -c listen_addresses=''" start >/dev/null
psql -X -q -h $D -p 55432 -U loyang -d postgres -c 'CREATE DATABASE loyang' 
URL="postgresql://loyang@/loyang?host=$D&port=55432"
PIDS=()
for n in 1 2; do
  LOYANG_DATABASE="$URL" $S --port 1818$n --node-name node-$n --threads 2 --password-cost minimal --signups-per-hour 0 --web $WEB > $D/node-$n.log 2>&1 &
  PIDS+=($!)
done
sleep 4
grep -h "named" $D/node-*.log
count() { psql -X -q -A -t -h $D -p 55432 -U loyang -d loyang -c "SELECT application_name, count(*) FROM pg_stat_activity WHERE datname='loyang' AND application_name LIKE 'loyang %' GROUP BY 1 ORDER BY 1"; }
echo "--- idle after start"; count
C=()
for i in $(seq 1 40); do curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"name\":\"u$i\",\"password\":\"correct horse\"}" localhost:1818$((i%2+1))/api/accounts & C+=($!); done; wait "${C[@]}"
C=()
for i in $(seq 1 40); do curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"name\":\"u$i\",\"password\":\"correct horse\"}" localhost:1818$((i%2+1))/api/sessions & C+=($!); done
sleep 0.3; echo "--- during 40 concurrent logins"; count; wait "${C[@]}"
sleep 1; echo "--- after"; count
kill "${PIDS[@]}" 2>/dev/null || true
sleep 1
setpriv --reuid=nobody --regid=nogroup --clear-groups $BIN/pg_ctl -D $D/data -m immediate stop >/dev/null
rm -rf $D
