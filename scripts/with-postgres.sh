#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster: initdb in a temp dir, start on a
# free port on loopback, export DATABASE_URL, run, stop and remove the cluster.
set -euo pipefail
# one line saying what to install when the binaries are missing (scripts/preflight.mjs)
node "$(dirname "$0")/preflight.mjs" postgresql || exit 1
bindir=$(ls -d "${POSTGRES_LIB_DIR:-/usr/lib/postgresql}"/*/bin 2>/dev/null | sort -V | tail -n 1)
dir=$(mktemp -d /tmp/agora-pg.XXXXXX)
# a port nobody listens on now, so several runs (helpers, CI) never meet on one
port=${PGPORT_TEST:-$(node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
run_as=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root.
  id postgres >/dev/null 2>&1 || useradd --system --home "$dir" postgres
  chown postgres "$dir"
  run_as=(runuser -u postgres --)
fi
cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"${run_as[@]}" "$bindir/initdb" -D "$dir/data" -U agora -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
export DATABASE_URL="postgres://agora@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"
"$@"
