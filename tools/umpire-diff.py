#!/usr/bin/env python3
"""Our Kriegspiel umpire against an independent one, word by word.

The independent umpire is PyPI `kriegspiel` 1.7.3 (a Python referee on
python-chess with its own presets); ours is `fogbound umpire`, one game on
stdin/stdout. Both are told the same attempts, in lockstep, under every
preset they share (english, wild16, berkeley, berkeley-any, cincinnati,
rand): random games (the mover picks among what its own board allows,
questions included) and rule-probing games (tries impossible on the
mover's board, repeated refused tries, pawn captures after "No" or with
none announced, "Any?" without pawns or twice, other moves under a duty,
moves that cannot answer a check). The reference's answers are written in
our words, and what each side hears from each attempt is compared.

Every disagreement is printed with a reproducer: the preset and the
attempts in order, refused ones in brackets, as `fogbound umpire` takes
them. The differences of intent — where we follow a source the reference
reads otherwise, each decided in crates/engine/src/preset_sources.rs — are
recognised, counted and skipped by name (DIFFERENCES below).

Optional, like tools/strength.sh; never part of the page or the tests.

    tools/umpire-diff.py                      # 60 games per shared preset
    tools/umpire-diff.py --games 10 --presets english,rand --show 3
    FOGBOUND_BIN=target/release/fogbound tools/umpire-diff.py

Needs python-chess and kriegspiel 1.7.3 (`pip install kriegspiel==1.7.3`).
"""

import argparse
import collections
import json
import os
import random
import subprocess
import sys

try:
    import chess
    import kriegspiel
    from kriegspiel.game import KriegspielGame
    from kriegspiel.move import CapturedPieceAnnouncement as CPA
    from kriegspiel.move import KriegspielMove as KSMove
    from kriegspiel.move import MainAnnouncement as MA
    from kriegspiel.move import QuestionAnnouncement as QA
    from kriegspiel.move import SpecialCaseAnnouncement as SCA
except ImportError as e:  # pragma: no cover - a tool's message
    sys.exit(f"umpire-diff: needs python-chess and kriegspiel 1.7.3 ({e})")

# Our preset id -> the reference's ruleset id.
SHARED = {
    "english": "english",
    "wild16": "wild16",
    "berkeley": "berkeley",
    "berkeley-any": "berkeley_any",
    "cincinnati": "cincinnati",
    "rand": "rand",
}

# The differences of intent, by name: where each of our readings comes from.
DIFFERENCES = {
    "host-draws": "our game ended by threefold repetition or the 50-move rule, which the "
    "reference does not apply (english, wild16, cincinnati, rand: the host applies them)",
    "check-before-the-end": "we announce the check a game-ending move gives (a mate's "
    "direction; a check by the capture that leaves dead material) before 'Game over'; the "
    "reference says only how the game ended",
    "known-impossible-private": "a try the mover could have known was impossible (its own "
    "board, refused already, a pawn capture after being told there is none) is answered to "
    "the mover alone; the reference says a public 'Illegal' (the principle)",
    "nonsense-heard-by-opponent": "the reference lets the opponent hear 'Nonsense' / 'Hell "
    "no'; we tell it to the mover alone (the principle)",
    "any-without-pawns": "'Any?' with no pawn left: we answer the preset's nonsense word "
    "(the Chess Variant Pages' example), the reference 'No'",
    "english-en-passant": "english: we announce the taken pawn's square and do not name en "
    "passant (Gambit rule 9); the reference names it on the arrival square",
    "berkeley-any-secret-any": "berkeley-any: 'Any?' is asked and answered in secret and a "
    "'No' reaches the opponent as one refusal per untried pawn capture (Wolfe III.E); the "
    "reference answers in public",
    "rand-pawn-try-squares": "rand: we announce the squares pawns can capture on (so a "
    "capture onto another square is 'Hell no'); the reference names the pawns' squares",
    "rand-check-bound": "rand: in check, a try that cannot answer the announced check is "
    "'Hell no' (Williams rule 7); the reference says a public 'No'",
}

CHECK_WORDS = {
    SCA.CHECK_RANK: (0, "on the rank"),
    SCA.CHECK_FILE: (1, "on the file"),
    SCA.CHECK_LONG_DIAGONAL: (2, "on the long diagonal"),
    SCA.CHECK_SHORT_DIAGONAL: (3, "on the short diagonal"),
    SCA.CHECK_KNIGHT: (5, "by a knight"),
}

TERMINAL = {
    SCA.CHECKMATE_WHITE_WINS: "1-0 (checkmate)",
    SCA.CHECKMATE_BLACK_WINS: "0-1 (checkmate)",
    SCA.DRAW_STALEMATE: "1/2-1/2 (stalemate)",
    SCA.STALEMATE_WHITE_WINS: "1-0 (stalemate)",
    SCA.STALEMATE_BLACK_WINS: "0-1 (stalemate)",
    SCA.DRAW_INSUFFICIENT: "1/2-1/2 (insufficient material)",
    SCA.DRAW_TOOMANYREVERSIBLEMOVES: "1/2-1/2 (50-move rule)",
}


def side_name(color):
    return "White" if color == chess.WHITE else "Black"


def fogbound_bin():
    path = os.environ.get("FOGBOUND_BIN")
    if path:
        return path
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "fogbound-cli"], cwd=root, check=True
    )
    return os.path.join(root, "target", "release", "fogbound")


class Ours:
    """`fogbound umpire`: one game, an attempt a line."""

    def __init__(self, binary, preset):
        self.proc = subprocess.Popen(
            [binary, "umpire", "--preset", preset],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.start = self._read()

    def _read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("fogbound umpire ended")
        return json.loads(line)

    def attempt(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class Reference:
    """The reference umpire, its answers written in our words."""

    def __init__(self, ruleset, data):
        self.game = KriegspielGame(ruleset=ruleset)
        self.data = data

    def words_to_start(self):
        g = self.game
        heard = self._next_turn(
            g.current_turn_pawn_tries,
            g.current_turn_has_pawn_capture,
            g.current_turn_pawn_try_squares,
        )
        return heard, list(heard)

    def _next_turn(self, tries, exists, squares):
        if tries is not None:
            return ["1 pawn try" if tries == 1 else f"{tries} pawn tries"]
        if exists:
            return ["Pawn capture"]
        if squares:
            return ["Pawn captures on *"]
        return []

    def _capture(self, answer):
        sq = chess.square_name(answer.capture_at_square)
        detail = self.data["capture"]
        if detail == "SquareAndVictim":
            kind = "Pawn" if answer.captured_piece_announcement == CPA.PAWN else "Piece"
            text = f"{kind} at {sq} captured"
        else:
            text = f"Capture at {sq}"
        if answer.en_passant_announced:
            text += " (en passant)"
        return text

    def _special(self, answer):
        sca = answer.special_announcement
        if sca in TERMINAL:
            return [f"Game over: {TERMINAL[sca]}"]
        if sca == SCA.CHECK_DOUBLE:
            dirs = sorted([CHECK_WORDS[answer.check_1], CHECK_WORDS[answer.check_2]])
            return ["Double check: " + " and ".join(w for _, w in dirs)]
        if sca in CHECK_WORDS:
            return ["Check " + CHECK_WORDS[sca][1]]
        return []

    def ask(self, text, mover, obliged, pawn_try):
        """The reference's answer to `text` in our words: (resolution,
        white's words, black's words, the raw answer)."""
        d = self.data
        if text == "any?":
            question = KSMove(QA.ASK_ANY)
        else:
            question = KSMove(QA.COMMON, chess.Move.from_uci(text))
        answer = self.game.ask_for(question)
        main = answer.main_announcement
        mine, theirs = [], []
        if main in (MA.REGULAR_MOVE, MA.CAPTURE_DONE):
            both = [f"{side_name(mover)} has moved"]
            if main == MA.CAPTURE_DONE:
                both.append(self._capture(answer))
            if answer.promotion_announced:
                both.append("Promotion")
            both += self._special(answer)
            both += self._next_turn(
                answer.next_turn_pawn_tries,
                answer.next_turn_has_pawn_capture,
                answer.next_turn_pawn_try_squares,
            )
            mine, theirs, resolution = both, list(both), "played"
        elif main == MA.ILLEGAL_MOVE:
            mine = [d["illegal_word"]]
            if d["illegal_heard_by"] == "Both":
                theirs = [d["illegal_word"]]
            resolution = "illegal"
        elif main in (MA.HAS_ANY, MA.NO_ANY):
            yes = main == MA.HAS_ANY
            word = d["any_yes_word"] if yes else d["any_no_word"]
            mine, theirs, resolution = [word], [word], "yes" if yes else "no"
        elif main == MA.IMPOSSIBLE_TO_ASK and obliged and text != "any?" and not pawn_try:
            mine, resolution = ["You must try a pawn capture"], "must-try"
        elif main == MA.IMPOSSIBLE_TO_ASK:
            mine, resolution = [d["nonsense_word"]], "nonsense"
        elif main == MA.NONSENSE:
            mine, theirs, resolution = [d["nonsense_word"]], [d["nonsense_word"]], "nonsense"
        else:  # pragma: no cover - a new answer kind
            raise RuntimeError(f"unknown answer {answer}")
        if mover == chess.WHITE:
            return resolution, mine, theirs, answer
        return resolution, theirs, mine, answer


def normalise(words):
    """Our words with the rand squares hidden and the check before
    'Game over' dropped (the named differences rand-pawn-try-squares and
    check-before-the-end); returns (words, whether a check was dropped)."""
    out, dropped = [], False
    for i, w in enumerate(words):
        if w.startswith("Pawn captures on "):
            w = "Pawn captures on *"
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if (w.startswith("Check ") or w.startswith("Double check")) and nxt.startswith("Game over"):
            dropped = True
            continue
        out.append(w)
    return out, dropped


def is_pawn_capture(board, mover, uci):
    if uci in ("any?", "rebuffs?"):
        return False
    m = chess.Move.from_uci(uci)
    p = board.piece_at(m.from_square)
    ahead = chess.square_rank(m.to_square) - chess.square_rank(m.from_square)
    return (
        p is not None
        and p.color == mover
        and p.piece_type == chess.PAWN
        and abs(chess.square_file(m.from_square) - chess.square_file(m.to_square)) == 1
        and ahead == (1 if mover == chess.WHITE else -1)
    )


def with_promotion(board, uci, rng):
    """A pawn move onto the last rank names its new man."""
    m = chess.Move.from_uci(uci)
    p = board.piece_at(m.from_square)
    if p and p.piece_type == chess.PAWN and chess.square_rank(m.to_square) in (0, 7) and not m.promotion:
        return uci + rng.choice("qrbn")
    return uci


def probe(board, mover, refused, rng):
    """A rule-probing attempt: what a careless or testing player tries."""
    own = [sq for sq in chess.SQUARES if board.color_at(sq) == mover]
    pawns = [sq for sq in own if board.piece_type_at(sq) == chess.PAWN]
    kind = rng.randrange(6)
    if kind == 0 and refused:
        return rng.choice(refused)
    if kind == 1:
        return "any?"
    if kind == 2 and pawns:
        frm = rng.choice(pawns)
        step = 8 if mover == chess.WHITE else -8
        targets = [
            frm + step + df
            for df in (-1, 1)
            if 0 <= frm + step + df < 64
            and abs(chess.square_file(frm + step + df) - chess.square_file(frm)) == 1
        ]
        if targets:
            return with_promotion(board, chess.square_name(frm) + chess.square_name(rng.choice(targets)), rng)
    if kind == 3 and board.is_check():
        movers = [sq for sq in own if board.piece_type_at(sq) != chess.KING]
        if movers:
            frm = rng.choice(movers)
            mine = chess.Board(board.fen())
            for sq in chess.SQUARES:
                if mine.color_at(sq) == (not mover):
                    mine.remove_piece_at(sq)
            moves = [m for m in mine.pseudo_legal_moves if m.from_square == frm]
            if moves:
                return with_promotion(board, rng.choice(moves).uci(), rng)
    frm, to = rng.choice(own), rng.randrange(64)
    if frm == to:
        to = (to + 1) % 64
    return with_promotion(board, chess.square_name(frm) + chess.square_name(to), rng)


class Tally:
    def __init__(self):
        self.games = self.plies = self.attempts = self.refused = self.words = 0
        self.named = collections.Counter()
        self.disagreements = collections.Counter()
        self.examples = collections.defaultdict(list)


def own_board_allows(board, mover, uci):
    """Whether the mover's own board (its men only) allows `uci`."""
    m = chess.Move.from_uci(uci)
    if board.color_at(m.from_square) != mover or board.color_at(m.to_square) == mover:
        return False
    last = chess.square_rank(m.to_square) in (0, 7)
    if is_pawn_capture(board, mover, uci):
        return (m.promotion is not None) == last
    mine = board.copy(stack=False)
    for sq in chess.SQUARES:
        if mine.color_at(sq) == (not mover):
            mine.remove_piece_at(sq)
    mine.turn = mover
    mine.ep_square = None
    return any(
        x.from_square == m.from_square and x.to_square == m.to_square and x.promotion == m.promotion
        for x in mine.pseudo_legal_moves
    )


def told_no_capture(preset, board, mover, uci, facts):
    """Whether the umpire said this turn that no pawn capture onto `uci`'s
    square is legal."""
    legal = [m for m in board.legal_moves if board.is_capture(m) and board.piece_type_at(m.from_square) == chess.PAWN]
    if preset in ("english", "berkeley-any"):
        return facts["any_no"]
    if preset in ("wild16", "cincinnati"):
        return not legal
    if preset == "rand":
        return all(m.to_square != chess.Move.from_uci(uci).to_square for m in legal)
    return False


def known_impossible(preset, board, mover, attempt, facts):
    """Whether the mover could have known `attempt` was impossible, judged
    here from scratch (the kinds of crates/engine/src/nonsense.rs)."""
    if attempt in ("any?", "rebuffs?"):
        return False
    m = chess.Move.from_uci(attempt)
    return (
        not own_board_allows(board, mover, attempt)
        or (m.from_square, m.to_square) in facts["refused"]
        or (is_pawn_capture(board, mover, attempt) and told_no_capture(preset, board, mover, attempt, facts))
    )


def could_answer_check(board, mover, uci):
    """Whether `uci` lands where it could answer the true check: a king
    move but castling, or a square between the king and its one checker (the checker's
    included), or an en passant capture of a checking pawn. A try we call
    'Hell no' under rule 7 must be none of these."""
    m = chess.Move.from_uci(uci)
    king = board.king(mover)
    if m.from_square == king:
        # Castling out of check is never legal, and the mover knows it.
        return not board.is_castling(m)
    checkers = list(board.checkers())
    if len(checkers) != 1:
        return False
    c = checkers[0]
    if m.to_square == c or m.to_square in chess.SquareSet(chess.between(king, c)):
        return True
    if board.ep_square == m.to_square and is_pawn_capture(board, mover, uci):
        return c == m.to_square + (-8 if mover == chess.WHITE else 8)
    return False


def classify(preset, data, attempt, board, mover, ours, ref, facts):
    """The named difference that explains why our answer `ours`
    (resolution, mover's words, opponent's words) and the reference's `ref`
    differ on this attempt, or None when none does: each name is checked
    against the exact pattern it stands for, so that it hides nothing else."""
    o_res, o_me, o_them = ours
    r_res, r_me, r_them = ref
    draws = ("(repetition)", "(50-move rule)")
    if o_res == r_res == "played" and o_me and o_me[-1].endswith(draws):
        if o_me[:-1] == r_me[: len(o_me) - 1]:
            return "host-draws"
    nonsense, illegal = [data["nonsense_word"]], [data["illegal_word"]]
    public_illegal = illegal if data["illegal_heard_by"] == "Both" else []
    if attempt == "any?" and not board.pieces(chess.PAWN, mover):
        if o_res == "nonsense" and o_me == nonsense and o_them == [] and r_res == "no":
            return "any-without-pawns"
    if preset == "berkeley-any" and attempt == "any?":
        if o_res == r_res and o_me == r_me:
            return "berkeley-any-secret-any"
    if preset == "english" and o_res == r_res == "played":
        strip = lambda ws: [w for w in ws if not w.startswith("Capture at")]
        if any(w.endswith("(en passant)") for w in r_me) and strip(o_me) == strip(r_me):
            return "english-en-passant"
    if o_res == "nonsense" and o_me == nonsense and o_them == []:
        if r_res == "illegal" and r_me == illegal and r_them == public_illegal:
            if known_impossible(preset, board, mover, attempt, facts):
                if preset == "rand" and is_pawn_capture(board, mover, attempt):
                    return "rand-pawn-try-squares"
                return "known-impossible-private"
            if preset == "rand" and board.is_check() and attempt != "any?":
                if not could_answer_check(board, mover, attempt):
                    return "rand-check-bound"
        if r_res == "nonsense" and r_me == nonsense and r_them == nonsense:
            return "nonsense-heard-by-opponent"
    return None


def play_game(binary, preset, data, seed, probing, max_plies, tally, show):
    rng = random.Random(seed)
    ours = Ours(binary, preset)
    ref = Reference(SHARED[preset], data)
    history = []
    board = ref.game._board
    try:
        w, b = ref.words_to_start()
        tally.words += len(ours.start["white"]) + len(ours.start["black"])
        got = (normalise(ours.start["white"])[0], normalise(ours.start["black"])[0])
        if got != (w, b):
            report(tally, show, preset, seed, "start", [], got, (w, b))
            return
        while len(board.move_stack) < max_plies:
            mover = board.turn
            refused = []
            facts = {"refused": set(), "any_no": False}
            for tries in range(12):
                obliged = ref.game.must_use_pawns
                if obliged:
                    pawn_moves = [m.uci() for m in board.legal_moves if board.is_capture(m) and board.piece_type_at(m.from_square) == chess.PAWN]
                if probing and rng.random() < 0.5 and tries < 10:
                    attempt = probe(board, mover, refused, rng)
                elif tries >= 10 or (obliged and rng.random() < 0.5):
                    legal = [m.uci() for m in board.legal_moves]
                    if obliged and pawn_moves:
                        legal = pawn_moves
                    attempt = rng.choice(legal)
                else:
                    # Sorted: the reference keeps them in a set, whose order
                    # changes from run to run.
                    options = sorted(
                        "any?" if q.question_type == QA.ASK_ANY else q.chess_move.uci()
                        for q in ref.game.possible_to_ask
                    )
                    attempt = rng.choice(options)
                before = board.copy()
                pawn_try = is_pawn_capture(before, mover, attempt)
                o = ours.attempt(attempt)
                if "error" in o:
                    report(tally, show, preset, seed, "our error " + o["error"], history + [attempt], None, None)
                    return
                resolution, rw, rb, answer = ref.ask(attempt, mover, obliged, pawn_try)
                tally.attempts += 1
                shown = attempt if o["resolution"] == "played" else f"[{attempt}]"
                history.append(shown)
                ow, dw = normalise(o["white"])
                ob, db = normalise(o["black"])
                if dw or db:
                    tally.named["check-before-the-end"] += 1
                tally.words += len(o["white"]) + len(o["black"])
                same = o["resolution"] == resolution and ow == rw and ob == rb
                if not same:
                    mine = (ow, ob) if mover == chess.WHITE else (ob, ow)
                    theirs = (rw, rb) if mover == chess.WHITE else (rb, rw)
                    name = classify(
                        preset, data, attempt, before, mover,
                        (o["resolution"], *mine), (resolution, *theirs), facts,
                    )
                    if name is None:
                        report(tally, show, preset, seed, "words", history, (o["resolution"], ow, ob), (resolution, rw, rb))
                        return
                    tally.named[name] += 1
                    # A difference of intent may leave the two games apart:
                    # one played, or a duty kept by one and lifted by the
                    # other (a try we call impossible is no try). The game
                    # ends there.
                    if (o["resolution"] == "played") != (resolution == "played"):
                        return
                    if o.get("duty", False) != ref.game.must_use_pawns:
                        tally.named[name + " (game ended)"] += 1
                        return
                if o["resolution"] == "illegal":
                    m = chess.Move.from_uci(attempt)
                    facts["refused"].add((m.from_square, m.to_square))
                    if attempt not in refused:
                        tally.refused += 1
                        refused.append(attempt)
                if resolution == "no":
                    facts["any_no"] = True
                if o["resolution"] == "played":
                    tally.plies += 1
                    break
            else:
                report(tally, show, preset, seed, "no move in twelve attempts", history, None, None)
                return
            if o["outcome"] is not None:
                if not ref.game.game_over and not o["outcome"].endswith(("(repetition)", "(50-move rule)")):
                    report(tally, show, preset, seed, "our game ended: " + o["outcome"], history, None, None)
                return
            if ref.game.game_over:
                report(tally, show, preset, seed, "the reference's game ended", history, None, None)
                return
    finally:
        tally.games += 1
        ours.close()


def report(tally, show, preset, seed, what, history, ours, ref):
    key = f"{preset}: {what.split(':')[0]}"
    tally.disagreements[key] += 1
    if len(tally.examples[key]) < show:
        tally.examples[key].append((preset, seed, what, " ".join(history), ours, ref))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="games per preset, half of them probing")
    ap.add_argument("--presets", default=",".join(SHARED), help="comma-separated preset ids")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--show", type=int, default=3, help="reproducers shown per kind")
    args = ap.parse_args()
    binary = fogbound_bin()
    catalogue = json.loads(subprocess.run([binary, "catalogue", "--json"], capture_output=True, text=True, check=True).stdout)
    data = {p["id"]: p["data"] for p in catalogue["presets"]}
    tally = Tally()
    for preset in args.presets.split(","):
        if preset not in SHARED:
            sys.exit(f"umpire-diff: '{preset}' is not a preset both umpires have: {', '.join(SHARED)}")
        for i in range(args.games):
            play_game(binary, preset, data[preset], args.seed * 100003 + i, i % 2 == 1, args.max_plies, tally, args.show)
    print(f"kriegspiel {kriegspiel.__version__ if hasattr(kriegspiel, '__version__') else '?'} "
          f"against fogbound: {tally.games} games, {tally.plies} plies, {tally.attempts} attempts, "
          f"{tally.refused} refused tries, {tally.words} of our words compared")
    print(f"disagreements: {sum(tally.disagreements.values())}")
    for key, n in sorted(tally.disagreements.items()):
        print(f"  {key}: {n}")
        for preset, seed, what, history, ours, ref in tally.examples[key]:
            print(f"    game seed {seed}: {what}")
            print(f"      fogbound umpire --preset {preset}: {history}")
            if ours is not None:
                print(f"      ours:      {ours}")
                print(f"      reference: {ref}")
    print("differences of intent (skipped by name; 'game ended': the two games parted there):")
    for name, text in DIFFERENCES.items():
        ended = tally.named[name + " (game ended)"]
        print(f"  {name}: {tally.named[name]}{f' ({ended} ended a game)' if ended else ''} — {text}")
    return 1 if tally.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
