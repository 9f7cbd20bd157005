#!/usr/bin/env bash
# Writes the Fog of War endgame lab's files into the build (endgames/ in
# Trunk's staging folder): every start's value per material in both
# readings; in the sighted one every won start's optimal line (in 8 files
# for K+R+R, K+B+B, K+B+N) and, for materials with starts White does not
# win, every belief state's value (Black's escapes); K+Q, K+R and K+R+R's
# starts on 4×4 to 7×7. No file is over 2 MB.
# They come from the solver itself (`fogbound fog-endgame --write-tables`),
# about three minutes on 2 cores (K+R+R's lines are most of it). They are
# kept in the user's cache folder (outside the checkout, so a fresh clone
# on the same machine finds them),
# keyed by what decides them: the Rust sources of the solvers crate and
# of the progress crate it uses, the command line's fog-endgame module, this
# script, and the versions of the solvers crate's dependencies (not the
# whole Cargo.lock: a new version of a crate the solver does not use, a
# web one say, no longer makes the next run solve them all again). An
# unchanged solver never recomputes them, and nothing is compiled then.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}/endgames"
key=$(
    cd "$root"
    # Rust sources only: the notes beside them (READINGS.md) decide nothing.
    { find crates/solvers/src crates/progress/src crates/cli/src/fog_endgame* -type f -name '*.rs' -print0
      printf '%s\0' crates/solvers/Cargo.toml crates/progress/Cargo.toml tools/endgame-tables.sh
    } | LC_ALL=C sort -z | xargs -0 sha256sum
    # The dependency tree without the checkout's own paths, so every clone
    # finds the same key.
    cargo tree --quiet -p fogbound-solvers -e normal --prefix none | sed -E 's| \(/[^)]*\)||'
)
key=$(printf '%s\n' "$key" | sha256sum | cut -c1-16)
caches="${XDG_CACHE_HOME:-$HOME/.cache}/fogbound/endgame-tables"
cache="$caches/$key"
if [ ! -f "$cache/complete" ]; then
    echo "endgame-tables.sh: solving the Fog of War endgames for the lab page (about three minutes)" >&2
    # `./dev test` (FOGBOUND_NATIVE_TESTS=1) builds the workspace's tests in
    # this profile beside this build: the same command here waits for
    # cargo's lock, then finds everything built (cargo does not hold it
    # while the tests run). The CLI built alone would resolve its
    # dependencies' features without the dev-dependencies' (serde's
    # `alloc` from criterion, for one) and compile serde, the engine and
    # every crate between them a second time: about a minute of CPU on a
    # run whose cache is cold.
    if [ "${FOGBOUND_NATIVE_TESTS:-}" = 1 ]; then
        cargo test --quiet --workspace --profile checked --no-run --manifest-path "$root/Cargo.toml"
    else
        cargo build --quiet --profile checked -p fogbound-cli --bin fogbound --manifest-path "$root/Cargo.toml"
    fi
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
for f in "$out"/*.fogt; do
    if [ "$(stat -c %s "$f")" -gt 2000000 ]; then
        echo "endgame-tables.sh: $f is over 2 MB (a slow link waits for it whole)" >&2
        exit 1
    fi
done
