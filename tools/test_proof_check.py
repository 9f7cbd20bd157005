#!/usr/bin/env python3
"""Tests of tools/proof-check.py: it accepts the proofs fogbound wrote for
collection entries (tools/proof-check-data/, written by
`fogbound puzzle solve … --no-cooks --threads 1 --proof`, see PROOFS.md) and
rejects proofs with a planted fault.

    python3 tools/test_proof_check.py       # or ./dev test, in tools/.venv
"""

import contextlib
import copy
import importlib.util
import io
import json
import os
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "proof-check-data")
COLLECTION = os.path.join(HERE, "..", "crates", "puzzles", "src", "collection.json")
GENERATED_SET = os.path.join(HERE, "..", "static", "puzzles", "generated.json")
# The proof of every problem of the generated set, in the set's order, one
# compact JSON a line (SET=static/puzzles/generated.json
# tools/proof-check-collection.sh writes them; PROOFS.md).
GENERATED_PROOFS = os.path.join(DATA, "generated.proofs.jsonl")

_spec = importlib.util.spec_from_file_location("proof_check", os.path.join(HERE, "proof-check.py"))
pc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pc)


def load(name):
    with open(os.path.join(DATA, f"{name}.proof.json"), encoding="utf-8") as f:
        return json.load(f)


def node_at(proof, path):
    """The White node reached from the root by answer indices `path`."""
    node = proof["tree"]
    for i in path:
        node = node["answers"][i]["then"]
    return node


# Rotenberg's mate in 8 (rotenberg-1976.proof.json): 1.Rg2 2.Rg8 3.Rh8
# 4.Rh5 5.Rb5, then (5.Rb5 refused) 5.Rh8 6.Be5 7.Nf2+ Bxf2 8.Rxh2#, or
# 6.Rb1 7.Nf2+ Bxf2 8.Kxf2#.
ROTENBERG_RB5 = [1, 1, 0, 1]
ROTENBERG_RXH2 = ROTENBERG_RB5 + [0, 0, 0, 1]
ROTENBERG_RB1 = ROTENBERG_RB5 + [1]


class Accepts(unittest.TestCase):
    def test_every_generated_problem_the_page_offers_has_a_proof_that_checks(self):
        with open(GENERATED_SET, encoding="utf-8") as f:
            entries = json.load(f)["entries"]
        with open(GENERATED_PROOFS, encoding="utf-8") as f:
            proofs = [json.loads(line) for line in f if line.strip()]
        self.assertGreaterEqual(len(entries), 200)
        self.assertEqual(len(proofs), len(entries), "one proof per problem of the set")
        presets = set()
        for entry, proof in zip(entries, proofs):
            with self.subTest(id=entry["id"]):
                # The proof is of this problem, as the page shows it, and of its key.
                self.assertEqual(proof["puzzle"], entry["puzzle"])
                self.assertEqual(proof["key"], entry["key"])
                summary = pc.check(proof, entry["puzzle"])
                self.assertEqual(summary["moves"], entry["puzzle"]["moves"])
                presets.add(summary["preset"])
        self.assertGreaterEqual(len(presets), 3, presets)

    def test_every_stored_proof_checks(self):
        names = sorted(f[: -len(".proof.json")] for f in os.listdir(DATA) if f.endswith(".proof.json"))
        self.assertGreaterEqual(len(names), 6)
        for name in names:
            with self.subTest(name=name):
                proof = load(name)
                summary = pc.check(proof)
                self.assertEqual(summary["placements"], proof["placements"])
                self.assertEqual(summary["proof_nodes"], proof["white_nodes"])
                self.assertGreater(summary["lines"], 0)

    def test_the_puzzle_is_read_from_the_collection_too(self):
        proof = load("rotenberg-1976")
        puzzle = pc.read_puzzle(COLLECTION, "rotenberg-1976")
        summary = pc.check(proof, puzzle)
        self.assertEqual((summary["placements"], summary["preset"], summary["moves"]), (30, "english", 8))

    def test_the_dutch_capturer_is_counted_as_our_reading(self):
        summary = pc.check(load("swart-dutch-any"))
        self.assertGreater(summary["rules"].get("dutch-capturer", 0), 0)

    def test_placements_follow_the_puzzle_format(self):
        rotenberg = pc.read_puzzle(COLLECTION, "rotenberg-1976")
        # 32 dark squares, minus f6 and h2, which hold men.
        self.assertEqual(len(pc.placements(rotenberg)), 30)
        self.assertEqual(len(pc.placements(pc.read_puzzle(COLLECTION, "roche-1990"))), 10)


class Rejects(unittest.TestCase):
    def rejected(self, proof, puzzle=None):
        with self.assertRaises(pc.Failure) as caught:
            pc.check(proof, puzzle)
        self.assertTrue(caught.exception.line, "a rejection names its line")
        return caught.exception

    def test_a_final_attempt_changed_at_a_deep_node(self):
        proof = load("rotenberg-1976")
        node = node_at(proof, ROTENBERG_RXH2)
        self.assertEqual((node["coord"], node["moves"]), ("h8h2", 1))
        node["coord"] = "h8h7"
        failure = self.rejected(proof)
        self.assertIn("no mate on White's move 8", failure.why)
        # The line names the placement and every ply down to the fault.
        self.assertTrue(failure.line[0].startswith("[bishop on"))
        self.assertTrue(any(p.startswith("8.Rh7") for p in failure.line), failure.line)

    def test_a_middle_attempt_changed(self):
        proof = load("rotenberg-1976")
        node = node_at(proof, ROTENBERG_RB1)
        self.assertEqual(node["coord"], "b5b1")
        node["coord"] = "b5b3"
        self.rejected(proof)

    def test_a_branch_removed(self):
        proof = load("rotenberg-1976")
        node = node_at(proof, ROTENBERG_RB1)
        removed = node["answers"].pop(0)
        self.assertEqual(removed["told"], ["Illegal"])
        failure = self.rejected(proof)
        self.assertIn("'Illegal'", failure.why)

    def test_an_answer_given_the_wrong_words(self):
        proof = load("rotenberg-1976")
        node = node_at(proof, ROTENBERG_RB5)
        node["answers"][2]["told"] = ["White has moved", "Black has moved", "Capture at f5"]
        self.rejected(proof)

    def test_a_move_count_one_short(self):
        proof = load("rotenberg-1976")
        short = copy.deepcopy(proof)
        short["puzzle"]["moves"] = 7
        self.assertIn("no mate on White's move 7", self.rejected(short).why)
        puzzle = pc.read_puzzle(COLLECTION, "anderson-1958-mate3")
        puzzle["moves"] -= 1
        self.rejected(load("anderson-1958-mate3"), puzzle)

    def test_fog_of_war_faults(self):
        proof = load("fog-krr-4")
        changed = copy.deepcopy(proof)
        deep = node_at(changed, [0])
        deep["answers"] = deep["answers"][1:]
        self.rejected(changed)
        wrong = copy.deepcopy(proof)
        first = wrong["tree"]
        first["coord"] = "a2a3"
        self.rejected(wrong)

    def test_the_command_says_ok_rejected_or_unreadable(self):
        good = os.path.join(DATA, "latzel-dsz-1968.proof.json")
        bad = load("latzel-dsz-1968")
        node_at(bad, [0])["coord"] = "e4e1"
        with tempfile.TemporaryDirectory() as tmp:
            bad_path = os.path.join(tmp, "bad.json")
            with open(bad_path, "w", encoding="utf-8") as f:
                json.dump(bad, f)
            junk = os.path.join(tmp, "junk.json")
            with open(junk, "w", encoding="utf-8") as f:
                f.write("{")
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(pc.main([good]), 0)
                self.assertEqual(pc.main([bad_path]), 1)
                self.assertEqual(pc.main([junk]), 2)
                self.assertEqual(pc.main([good, "--puzzle", COLLECTION, "--id", "nobody"]), 2)
            self.assertIn("REJECTED", out.getvalue())
            self.assertIn("1.Kb3", out.getvalue())


if __name__ == "__main__":
    unittest.main()
