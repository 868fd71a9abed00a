#!/usr/bin/env bash
# CI's check of the Dockerfile's install path (docker cannot run here): stages what the runtime stage
# copies (scripts/stage-runtime.sh, scripts/runtime-files.txt) into a clean folder outside the
# repository, installs it with the runtime stage's own `npm ci --omit=dev`, and starts it as the
# image does (NODE_ENV=production, node packages/server/dist/main.js) against the PostgreSQL of
# DATABASE_URL, which must be empty:
#   - no ADMIN_PASSWORD: the start refuses, naming it; ADMIN_PASSWORD=admin123: refused too;
#   - a good one and SEED_DEMO=1: /healthz and /readyz answer 200 and no demo row is written
#     (no shop, no member, the founder the only administrator);
#   - `npm run migrate` works from that folder, and `npm run backup` dumps the database and
#     restores the dump into a new one (docs/deploy.md's drill).
#
#   scripts/with-postgres.sh scripts/runtime-check.sh [--no-build]   (--no-build: dist/ is current)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${DATABASE_URL:-}" ]; then
  echo "runtime-check: needs an empty PostgreSQL in DATABASE_URL: scripts/with-postgres.sh scripts/runtime-check.sh" >&2
  exit 1
fi
psql=$(ls -d "${POSTGRES_LIB_DIR:-/usr/lib/postgresql}"/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
[ "${1:-}" = --no-build ] || (cd "$root" && npm run build)

work=$(mktemp -d /tmp/agora-runtime.XXXXXX)
server_pid=
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "runtime-check: FAILED: $1" >&2
  [ ! -f "$work/server.log" ] || tail -n 30 "$work/server.log" >&2
  exit 1
}

"$root/scripts/stage-runtime.sh" "$work/stage"
app=$work/app
mkdir -p "$app"
cp -R "$work/stage/manifest/." "$app/"
# The Dockerfile's runtime stage runs exactly this (scripts/runtime-files.test.mjs checks they agree).
(cd "$app" && npm ci --omit=dev --no-audit --no-fund)
cp -R "$work/stage/built/." "$app/"
echo "runtime install: $(du -sm "$app/node_modules" | cut -f1) MB in node_modules"

port=$(node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
# Only what an operator would set: nothing of the CI's or the tests' environment leaks in.
server_env=(env -i PATH="$PATH" HOME="$work" NODE_ENV=production DATABASE_URL="$DATABASE_URL" PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data")
server=(node --enable-source-maps packages/server/dist/main.js)

# refused <what> [VAR=value…]: a refused start ends by itself (120 s is far beyond reading the configuration)
refused() {
  local what=$1 status=0
  shift
  (cd "$app" && timeout 120 "${server_env[@]}" "$@" "${server[@]}") >"$work/server.log" 2>&1 || status=$?
  [ "$status" != 0 ] || fail "a start with $what was not refused"
  [ "$status" != 124 ] || fail "a start with $what kept running instead of refusing"
  # the message, not a line of source code a stack trace quotes (those are indented)
  local message
  message=$(grep -m 1 '^[^ ].*ADMIN_PASSWORD' "$work/server.log") || fail "the refusal of a start with $what does not name ADMIN_PASSWORD"
  echo "ok: a production start with $what is refused: $message"
}
refused "no ADMIN_PASSWORD"
refused ADMIN_PASSWORD=admin123 ADMIN_PASSWORD=admin123

password=Ops$(node -e "console.log(require('crypto').randomBytes(8).toString('hex'))")
(cd "$app" && exec "${server_env[@]}" ADMIN_PASSWORD="$password" SEED_DEMO=1 "${server[@]}") >"$work/server.log" 2>&1 &
server_pid=$!
status_of() { node -e "fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log(0))" "http://127.0.0.1:$port$1"; }
for _ in $(seq 1 240); do
  [ "$(status_of /readyz)" = 200 ] && break
  kill -0 "$server_pid" 2>/dev/null || fail "the production start ended"
  sleep 0.5
done
[ "$(status_of /readyz)" = 200 ] || fail "/readyz is not 200 two minutes after the start"
[ "$(status_of /healthz)" = 200 ] || fail "/healthz is not 200"
echo "ok: /healthz and /readyz answer 200"
# the built apps were shipped and are served
[ "$(status_of /admin/login)" = 200 ] || fail "the console (/admin/login) is not served"
[ "$(status_of /decor/)" = 200 ] || fail "the decoration app (/decor/) is not served"
echo "ok: /admin/login and /decor/ answer 200"

count() { "$psql" "$DATABASE_URL" -tAc "$1"; }
[ "$(count 'select count(*) from shops')" = 0 ] || fail "SEED_DEMO=1 wrote demo shops in production"
[ "$(count 'select count(*) from members')" = 0 ] || fail "SEED_DEMO=1 wrote demo members in production"
[ "$(count 'select count(*) from admin_users where founder = 0')" = 0 ] || fail "demo administrators were written in production"
[ "$(count 'select count(*) from admin_users where founder = 1')" = 1 ] || fail "the founder was not written"
echo "ok: no demo row (no shop, no member, the founder the only administrator)"

kill -TERM "$server_pid"
wait "$server_pid" || fail "the server did not stop cleanly on SIGTERM"
server_pid=

(cd "$app" && "${server_env[@]}" npm run migrate) >"$work/server.log" 2>&1 ||
  fail "npm run migrate from the runtime install"
echo "ok: npm run migrate works from the runtime install"

# The restore drill of docs/deploy.md with the shipped command: dump, restore into a new database, find the founder.
(cd "$app" && "${server_env[@]}" npm run backup -- dump "$work/backup.dump") >"$work/server.log" 2>&1 ||
  fail "npm run backup -- dump from the runtime install"
count 'create database restore_drill' >/dev/null
drill_url="${DATABASE_URL%/*}/restore_drill"
(cd "$app" && "${server_env[@]}" DATABASE_URL="$drill_url" npm run backup -- restore "$work/backup.dump") >"$work/server.log" 2>&1 ||
  fail "npm run backup -- restore from the runtime install"
[ "$("$psql" "$drill_url" -tAc 'select count(*) from admin_users where founder = 1')" = 1 ] || fail "the restored database lacks the founder"
echo "ok: npm run backup dumps the database and restores it into a new one"
