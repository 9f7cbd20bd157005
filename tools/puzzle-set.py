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
import subprocess
import sys

# (moves, hidden men, preset, problems wanted); the seed is the row's number.
BATCHES = [
    (2, 1, "english", 25),
    (2, 1, "wild16", 20),
    (2, 1, "cincinnati", 20),
    (2, 1, "cvp", 15),
    (2, 2, "english", 15),
    (2, 2, "berkeley", 15),
    (2, 2, "cincinnati", 10),
    (3, 1, "english", 25),
    (3, 1, "wild16", 20),
    (3, 1, "berkeley", 15),
    (3, 1, "cvp", 10),
    (3, 2, "english", 15),
    (3, 2, "wild16", 10),
    (3, 2, "cincinnati", 10),
]

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
    for seed, (moves, hidden, rules, count) in enumerate(BATCHES, start=1):
        command = [fogbound, "puzzle", "generate", "--moves", str(moves), "--hidden", str(hidden),
                   "--rules", rules, "--count", str(count), "--seed", str(seed), "--json"]
        out = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
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
