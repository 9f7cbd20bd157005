#!/usr/bin/env bash
# Trunk post-build hook: writes the lists of built files and a content version
# into sw.js, so that the service worker caches exactly this build: the
# worker's files (worker.js, worker_bg.wasm), the study module's (study.js,
# study_bg.wasm), the endgame lab's files (endgames/) and the generated
# puzzles (puzzles/, read by the study module) apart, fetched when first
# needed.
set -euo pipefail
cd "${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
mapfile -t files < <(find . -type f ! -name sw.js -printf '%P\n' | LC_ALL=C sort)
version=$(for f in "${files[@]}"; do sha256sum "$f"; done | sha256sum | cut -c1-16)
list='"./"'
lazy=''
for f in "${files[@]}"; do
    case "$f" in
        # The endgame lab's files (up to tens of MB) are fetched when
        # the lab first asks for them, then kept like the worker's.
        worker.js | worker_bg.wasm | study.js | study_bg.wasm | endgames/* | puzzles/*) lazy+="${lazy:+,}\"$f\"" ;;
        *) list+=",\"$f\"" ;;
    esac
done
for f in worker.js worker_bg.wasm study.js study_bg.wasm; do
    [ -f "$f" ] || { echo "precache.sh: $f is missing from the build" >&2; exit 1; }
done
sed -i "s|^const VERSION = .*|const VERSION = \"fogbound-$version\";|; s|^const PRECACHE = .*|const PRECACHE = [$list];|; s|^const LAZY = .*|const LAZY = [$lazy];|" sw.js
