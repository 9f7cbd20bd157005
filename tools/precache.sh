#!/usr/bin/env bash
# Trunk post-build hook: writes the list of built files and a content version
# into sw.js, so that the service worker caches exactly this build.
set -euo pipefail
cd "${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
mapfile -t files < <(find . -type f ! -name sw.js -printf '%P\n' | LC_ALL=C sort)
version=$(for f in "${files[@]}"; do sha256sum "$f"; done | sha256sum | cut -c1-16)
list='"./"'
for f in "${files[@]}"; do list+=",\"$f\""; done
sed -i "s|^const VERSION = .*|const VERSION = \"fogbound-$version\";|; s|^const PRECACHE = .*|const PRECACHE = [$list];|" sw.js
