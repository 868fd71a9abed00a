#!/usr/bin/env bash
# Copies what a production install holds (scripts/runtime-files.txt) from the built repository into
# <dest>/manifest and <dest>/built, keeping their paths: the Dockerfile's build stage and the CI's
# runtime check (scripts/runtime-check.sh) both call it, then install and start the same way.
#
#   scripts/stage-runtime.sh <dest>
set -euo pipefail
dest=${1:?usage: scripts/stage-runtime.sh <dest>}
root=$(cd "$(dirname "$0")/.." && pwd)
while read -r part path; do
  case "$part" in '' | '#'*) continue ;; esac
  if [ ! -e "$root/$path" ]; then
    echo "stage-runtime: $path is missing (run \`npm run build\` first)" >&2
    exit 1
  fi
  mkdir -p "$dest/$part/$(dirname "$path")"
  cp -R "$root/$path" "$dest/$part/$path"
done <"$root/scripts/runtime-files.txt"
