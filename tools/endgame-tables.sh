#!/usr/bin/env bash
# Writes the Fog of War endgame lab's files into the build (endgames/ in
# Trunk's staging folder): every start's value per material in both
# readings, and every belief state's (lines, escapes) in the sighted one;
# K+Q, K+R and K+R+R's starts on 4×4 to 7×7.
# They come from the solver itself (`fogbound fog-endgame --write-tables`),
# about a minute on 2 cores. They are kept in the user's cache folder
# (outside the checkout, so a fresh clone on the same machine finds them),
# keyed by the sources that decide them: the solvers crate, the command
# line's fog-endgame module, the locked dependencies and this script. An
# unchanged solver never recomputes them, and nothing is compiled then.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}/endgames"
key=$(cd "$root" && find crates/solvers/src crates/solvers/Cargo.toml crates/cli/src/fog_endgame* Cargo.lock tools/endgame-tables.sh \
        -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
caches="${XDG_CACHE_HOME:-$HOME/.cache}/fogbound/endgame-tables"
cache="$caches/$key"
if [ ! -f "$cache/complete" ]; then
    echo "endgame-tables.sh: solving the Fog of War endgames for the lab page (about a minute)" >&2
    # The tests build this profile too, so `./dev test` compiles nothing here.
    cargo build --quiet --profile checked -p fogbound-cli --bin fogbound --manifest-path "$root/Cargo.toml"
    bin="$root/target/checked/fogbound"
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
    touch "$cache/complete"
    # Older solvers' tables are of no more use.
    find "$caches" -mindepth 1 -maxdepth 1 -type d ! -name "$key" -exec rm -rf {} +
fi
mkdir -p "$out"
cp "$cache"/*.fogt "$out/"
