#!/usr/bin/env bash
# Writes the Fog of War endgame lab's files into the build (endgames/ in
# Trunk's staging folder): every start's value per material in both
# readings, and every belief state's (lines, escapes) in the sighted one;
# K+Q, K+R and K+R+R's starts on 4×4 to 7×7.
# They come from the solver itself (`fogbound fog-endgame --write-tables`),
# about a minute on 2 cores, and are kept in target/endgame-tables until the
# solver binary or this script changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}/endgames"
cache="$root/target/endgame-tables"
# The tests build this profile too, so `./dev test` compiles nothing here.
cargo build --quiet --profile checked -p fogbound-cli --bin fogbound --manifest-path "$root/Cargo.toml"
bin="$root/target/checked/fogbound"
# The solver and this script's list of files decide what is written.
stamp=$(cat "$bin" "$0" | sha256sum | cut -c1-16)
if [ "$(cat "$cache/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "endgame-tables.sh: solving the Fog of War endgames for the lab page (about a minute)" >&2
    rm -rf "$cache"
    mkdir -p "$cache"
    for m in KR KB KN KQ KBN KBB KRR; do
        "$bin" fog-endgame --material "$m" --write-tables "$cache" >/dev/null
        "$bin" fog-endgame --material "$m" --reading blind --write-tables "$cache" --starts-only >/dev/null
    done
    # The paper's three materials on smaller boards: their figures only.
    for n in 4 5 6 7; do
        for m in KQ KR KRR; do
            "$bin" fog-endgame --material "$m" --size "$n" --write-tables "$cache" --starts-only >/dev/null
        done
    done
    echo "$stamp" >"$cache/stamp"
fi
mkdir -p "$out"
cp "$cache"/*.fogt "$out/"
