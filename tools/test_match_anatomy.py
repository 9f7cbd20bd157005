#!/usr/bin/env python3
"""Tests of tools/match-anatomy.py on three games written by hand in the
form `fogbound match --pgn` writes: a win, an unfinished game with pawn
captures of men just moved, and a game python-chess cannot replay.

    python3 tools/test_match_anatomy.py       # or ./dev test, in tools/.venv
"""

import contextlib
import importlib.util
import io
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("match_anatomy", os.path.join(HERE, "match-anatomy.py"))
ma = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ma)

HEADERS = """[Event "fogbound match"]
[Site "fogbound"]
[Date "????.??.??"]
[Round "{round}"]
[White "{white}"]
[Black "{black}"]
[Result "{result}"]
[Variant "Kriegspiel"]
[InformationModel "kriegspiel"]{termination}
"""

# The bot (White) mates; before its second move it tried the king (refused),
# before its third the queen; greedy's own try is not the bot's.
WIN = HEADERS.format(round=1, white="bot:club", black="greedy", result="1-0",
                     termination='\n[Termination "checkmate"]') + """
1. e4 {White has moved} {[%try d7e6]} 1... e5 {Black has moved} {[%try e1e2]}
2. Bc4 2... Nc6 {[%try d1f3]} 3. Qh5 3... Nf6 4. Qxf7# 1-0
"""

# Greedy (White) takes the knight the bot has just put on d5, then the pawn
# the bot has just pushed to e6; the bot takes back. Unfinished.
UNFINISHED = HEADERS.format(round=2, white="greedy", black="bot:club", result="*",
                            termination="") + """
1. e4 1... Nf6 2. d3 2... Nd5 3. exd5 3... e6 4. dxe6 4... fxe6 *
"""

# A king taken (Fog of War): not a move python-chess can play.
UNREADABLE = HEADERS.format(round=3, white="bot:club", black="greedy", result="1-0",
                            termination='\n[Termination "king captured"]') + """
1. e4 1... e5 2. Kxe8 1-0
"""


class Anatomy(unittest.TestCase):
    def setUp(self):
        self.report = ma.anatomy([WIN + "\n" + UNFINISHED + "\n" + UNREADABLE])

    def test_scores_the_readable_games_and_skips_the_other(self):
        r = self.report
        self.assertEqual((r["games"], r["skipped"]), (2, 1))
        self.assertEqual((r["wins"], r["draws"], r["losses"]), (1, 1, 0))
        self.assertEqual(dict(r["ends"]), {"win: checkmate": 1, "draw: unfinished": 1})

    def test_counts_material_by_taker_and_recapture(self):
        self.assertEqual(
            dict(self.report["taken"]),
            {"player piece new": 1, "opponent pawn new": 4, "player pawn recapture": 1},
        )

    def test_tells_men_just_moved_from_others_taken_by_pawns(self):
        self.assertEqual(
            dict(self.report["pawn_takes"]),
            {"piece just moved there": 3, "pawn just moved there": 1},
        )

    def test_reads_the_players_refused_tries_only(self):
        r = self.report
        self.assertEqual(dict(r["refused"]), {"king": 1, "piece": 1})
        self.assertEqual(r["moves"], 8)

    def test_keeps_the_material_at_the_end_of_a_game_not_won(self):
        self.assertEqual(
            self.report["non_wins"],
            [{"round": "2", "end": "unfinished", "plies": 8, "player": 35, "opponent": 38}],
        )
        self.assertIn("behind by 3 or more in 1", ma.summary(self.report))

    def test_the_other_side_can_be_read(self):
        r = ma.anatomy([WIN], player="greedy")
        self.assertEqual((r["wins"], r["losses"]), (0, 1))
        self.assertEqual(dict(r["refused"]), {"pawn capture": 1})

    def test_a_missing_player_or_file_is_said_plainly(self):
        with self.assertRaises(SystemExit) as e:
            ma.anatomy([WIN], player="nobody")
        self.assertIn("nobody", str(e.exception))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.assertEqual(ma.main([os.path.join(HERE, "no-such.pgn")]), 2)
        self.assertIn("no-such.pgn", err.getvalue())


if __name__ == "__main__":
    unittest.main()
