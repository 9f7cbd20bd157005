#!/usr/bin/env python3
"""Builds the shipped set of generated Kriegspiel problems.

Runs `fogbound puzzle generate --json` once per stipulation, number of hidden
men and umpire preset below (each with its own seed, so the set is the same
on every run), drops the proofs (the page does not need them; `fogbound
puzzle solve` gives them again), interleaves the batches so that consecutive
days bring different stipulations and presets, and writes
static/puzzles/generated.json. Prints each batch's yield.

    cargo build -p fogbound-cli --profile checked
    tools/puzzle-set.py target/checked/fogbound
"""
import json
import os
import subprocess
import sys

# (moves, hidden men, preset, problems wanted, seed). Two hidden men are
# ten to fifty times rarer to come out sound than one: fewer are asked for.
# Only presets the independent umpire (PyPI `kriegspiel`) also has, so that
# a checker built on it can confirm every problem.
BATCHES = [
    (2, 1, "english", 30, 1),
    (2, 1, "wild16", 25, 2),
    (2, 1, "cincinnati", 25, 3),
    (2, 1, "berkeley", 20, 4),
    (2, 2, "english", 10, 5),
    (2, 2, "berkeley", 10, 6),
    (3, 1, "english", 30, 8),
    (3, 1, "wild16", 25, 9),
    (3, 1, "berkeley", 20, 10),
    (3, 1, "cincinnati", 15, 11),
    (3, 2, "english", 8, 12),
    (3, 2, "cincinnati", 7, 14),
]

# Where the batches are kept between runs (delete it after changing the
# generator).
CACHE = "target/puzzle-set"

ABOUT = (
    "Kriegspiel problems made by `fogbound puzzle generate` (tools/puzzle-set.py): random "
    "positions with hidden Black men, each kept only when the solver proved a unique key that "
    "neither checks nor captures, no shorter mate, and every other first move refuted. Graded by "
    "the solver's effort and the problem's tries."
)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    fogbound = sys.argv[1]
    batches = []
    os.makedirs(CACHE, exist_ok=True)
    for moves, hidden, rules, count, seed in BATCHES:
        command = [fogbound, "puzzle", "generate", "--moves", str(moves), "--hidden", str(hidden),
                   "--rules", rules, "--count", str(count), "--seed", str(seed), "--json"]
        # A batch already made (same arguments) is read back, not made again.
        kept = os.path.join(CACHE, "-".join(command[2:-1]).replace("--", "") + ".json")
        if os.path.exists(kept):
            with open(kept) as f:
                out = json.load(f)
        else:
            out = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            with open(kept, "w") as f:
                json.dump(out, f)
        print(f"{' '.join(command[2:-1])}: {out['kept']} of {out['candidates']} candidates in "
              f"{out['seconds']:.1f} s ({out['per_minute']:.1f} a minute); dropped {out['dropped']}",
              flush=True)
        for entry in out["problems"]:
            entry.pop("tree", None)
        batches.append(out["problems"])
    # Round-robin over the batches: day after day, another kind of problem.
    entries = []
    while any(batches):
        for batch in batches:
            if batch:
                entries.append(batch.pop(0))
    grades = {g: sum(e["grade"] == g for e in entries) for g in ("easy", "medium", "hard")}
    print(f"{len(entries)} problems; grades {grades}")
    with open("static/puzzles/generated.json", "w") as f:
        json.dump({"about": ABOUT, "entries": entries}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
