#!/usr/bin/env bash
# Starts `npm start` on a temporary DATA_DIR and checks readiness, pages, restart and crash recovery.
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
base="http://127.0.0.1:$port"
log="$data_dir/server.log"
pid=""
cleanup() {
  local node; node=$([ -n "$pid" ] && node_pid || true)
  [ -n "$node" ] && kill -TERM "$node" 2>/dev/null || true
  sleep 1
  # A PostgreSQL left behind by a failed step is stopped too.
  local pm="$data_dir/data/postgres/postmaster.pid"
  [ -f "$pm" ] && kill -INT "$(head -n 1 "$pm")" 2>/dev/null || true
  sleep 1
  rm -rf "$data_dir"
}
trap cleanup EXIT

start() {
  DATA_DIR="$data_dir/data" PORT="$port" npm start --silent >>"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    if curl -fsS "$base/api/v1/ready" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  echo "server did not become ready"; cat "$log"; exit 1
}
# The server's node process: the descendant of the `npm start` we launched whose command runs start.mjs
# (npm may run it through a shell; matching by pattern alone could pick that shell or another server).
node_pid() {
  local parent=${1:-$pid} child
  for child in $(pgrep -P "$parent"); do
    if tr '\0' ' ' <"/proc/$child/cmdline" | grep -q '^node .*scripts/start.mjs'; then
      echo "$child"
      return 0
    fi
    node_pid "$child" && return 0
  done
  return 1
}
# Waits for the launched `npm start` to end; after 30 s it is killed so a hang fails instead of blocking.
wait_stopped() {
  (sleep 30 && kill -9 "$pid") >/dev/null 2>&1 &
  local timer=$!
  wait "$pid" 2>/dev/null || true
  pkill -P "$timer" 2>/dev/null || true
  kill "$timer" 2>/dev/null || true
}
installed_at() { curl -fsS "$base/api/v1/health" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).data.installedAt))"; }
expect_page() {
  local body; body=$(curl -fsS "$base$1")
  grep -q '<div id="root"' <<<"$body" || { echo "page $1 is not the app shell"; exit 1; }
}

start
grep -q "Lodestar is running at" "$log" || { echo "no URL printed"; cat "$log"; exit 1; }
curl -fsS "$base/api/v1/ready" | grep -q '"status":"ready"'
expect_page /
expect_page /dashboard
[ "$(stat -c %a "$data_dir/data")" = 700 ] || { echo "DATA_DIR is not 0700"; exit 1; }
[ "$(stat -c %a "$data_dir/data/secrets.json")" = 600 ] || { echo "secrets.json is not 0600"; exit 1; }
first=$(installed_at)
echo "first start ok (installed at $first)"

# A second server on the same DATA_DIR is refused with a clear message.
second_log="$data_dir/second.log"
if DATA_DIR="$data_dir/data" PORT=0 npm start --silent >"$second_log" 2>&1; then
  echo "a second server started on the same DATA_DIR"; exit 1
fi
grep -q "already using the data directory" "$second_log" || { cat "$second_log"; exit 1; }
echo "second server refused ok"

# Graceful stop and restart keeps data.
kill -TERM "$(node_pid)"
wait_stopped
start
[ "$(installed_at)" = "$first" ] || { echo "data lost across restart"; exit 1; }
echo "restart ok"

# kill -9 of the server, then start again: data intact.
kill -9 "$(node_pid)"
wait_stopped
start
[ "$(installed_at)" = "$first" ] || { echo "data lost after kill -9"; exit 1; }
curl -fsS "$base/api/v1/ready" | grep -q '"status":"ready"'
echo "kill -9 recovery ok"
kill -TERM "$(node_pid)"
wait_stopped
pid=""
echo "smoke test passed"
