#!/usr/bin/env python3
"""Checks a fogbound proof without trusting fogbound's solver or umpire.

A proof (`fogbound puzzle solve FILE --proof OUT`, format in PROOFS.md) says
what White tries at each node and, for every answer the umpire may give,
what White does next. This checker shares no code with fogbound. It reads
the puzzle (the collection's puzzle format: from the proof, or from
--puzzle), lists every placement of the hidden men itself, and plays every
line on python-chess: White's attempts go through an independent umpire,
PyPI `kriegspiel` 1.7.3, every Black reply (every legal move of the true
position) is played, the umpire's answer is written in fogbound's words
and looked up among the proof's answers, and each line must end in White's
mate within the stipulated moves. Fog of War puzzles (goal "capture-king")
have no umpire: White sees the enemy men its men could take (Gehnen &
Stannat's rule), computed here on python-chess, and must take the king in
time.

Lines that reach one proof node in the same position with the same umpire
state are checked once (a count of the lines is kept), so the work grows
with the positions, not with the lines.

Where the reference umpire and fogbound differ by intent (the named
differences of tools/umpire-diff.py), the checker applies fogbound's
published reading, counts the lines it decided, and prints the rule:

    tools/proof-check.py PROOF.json
    tools/proof-check.py PROOF.json --puzzle crates/puzzles/src/collection.json --id rotenberg-1976
    tools/proof-check.py PROOF.json --json

Exit status 0 when every line mates in time, 1 with the failing line (its
plies) when one does not, 2 when a file cannot be read.
"""

import argparse
import collections
import json
import sys
import time

try:
    import chess
    from kriegspiel.game import KriegspielGame
    from kriegspiel.move import CapturedPieceAnnouncement as CPA
    from kriegspiel.move import KriegspielMove as KSMove
    from kriegspiel.move import KriegspielScoresheet as KSSS
    from kriegspiel.move import MainAnnouncement as MA
    from kriegspiel.move import QuestionAnnouncement as QA
    from kriegspiel.move import SpecialCaseAnnouncement as SCA
except ImportError as e:  # pragma: no cover - a tool's message
    sys.exit(f"proof-check: needs python-chess and kriegspiel 1.7.3 ({e})")


# The presets the checker knows, from their published rules (the words are
# the ones fogbound prints, so that the proof's answers can be looked up):
# the reference's ruleset, the words for a refused try and for "Any?", and
# what a capture announcement names.
PRESETS = {
    # Gambit Club rules (1933): "Illegal", "Any?" answered Yes/No, the
    # capture's square only.
    "english": dict(ruleset="english", illegal="Illegal", yes="Yes", no="No", victim=False),
    # The Dutch problem convention: English rules, and a capture also says
    # whether a pawn or a piece took. The reference has no such preset: it
    # runs as English and the checker names the capturer itself.
    "dutch": dict(ruleset="english", illegal="Illegal", yes="Yes", no="No", victim=False, capturer=True),
    "wild16": dict(ruleset="wild16", illegal="Illegal", yes="Yes", no="No", victim=True),
    "berkeley": dict(ruleset="berkeley", illegal="No", yes="Yes", no="No", victim=False),
    "berkeley-any": dict(ruleset="berkeley_any", illegal="No", yes="Try", no="No", victim=False),
    "cincinnati": dict(ruleset="cincinnati", illegal="No", yes="Yes", no="No", victim=True),
    "rand": dict(ruleset="rand", illegal="No", yes="Yes", no="No", victim=True),
}

# Where the reference and fogbound differ by intent, the reading that
# decides the line here, by name (as tools/umpire-diff.py names them).
RULES = {
    "english-en-passant": "english: an en passant capture is announced on the taken pawn's "
    "square and not named (Gambit Club rule 9); the reference names it on the arrival square",
    "dutch-capturer": "dutch: the capture also says whether a pawn or a piece took (the Dutch "
    "problem convention); the reference has no Dutch preset and runs English",
    "host-draws": "a position seen a third time on the line: fogbound's games apply "
    "threefold repetition (english, wild16, cincinnati, rand: the host's rule), the reference "
    "does not, nor does fogbound's solver; the stipulation is read without draws by "
    "repetition, so the line counts as the proof says",
    "any-without-pawns": "'Any?' with no pawn left: fogbound answers its nonsense word, the "
    "reference 'No'; the checker follows the proof's answer",
}

CHECK_WORDS = {
    SCA.CHECK_RANK: (0, "on the rank"),
    SCA.CHECK_FILE: (1, "on the file"),
    SCA.CHECK_LONG_DIAGONAL: (2, "on the long diagonal"),
    SCA.CHECK_SHORT_DIAGONAL: (3, "on the short diagonal"),
    SCA.CHECK_KNIGHT: (5, "by a knight"),
}

PIECE_NAMES = {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen", "k": "king"}


class ProofError(Exception):
    """A proof or puzzle that cannot be read."""


class Failure(Exception):
    """A line the proof does not win: why, and the line."""

    def __init__(self, why, line):
        super().__init__(why)
        self.why = why
        self.line = line


# ---------------------------------------------------------------- puzzle


def square_list(spec):
    """The squares a hidden entry allows ("dark", "light", "any" or a list)."""
    if isinstance(spec, list):
        try:
            return [chess.parse_square(s) for s in spec]
        except ValueError as e:
            raise ProofError(f"hidden squares {spec}: {e}") from e
    if spec == "any":
        return list(chess.SQUARES)
    if spec in ("dark", "light"):
        # a1 is dark: file + rank even.
        dark = [sq for sq in chess.SQUARES if (chess.square_file(sq) + chess.square_rank(sq)) % 2 == 0]
        return dark if spec == "dark" else [sq for sq in chess.SQUARES if sq not in dark]
    raise ProofError(f"hidden squares {spec!r} are not dark, light, any or a list")


def is_position(board, mate_goal):
    """A placement is kept when it is a position: one king a side, no pawn
    on a back rank and, when the game has check, the side not to move not
    in check."""
    for color in chess.COLORS:
        if len(board.pieces(chess.KING, color)) != 1:
            return False
    if board.pieces_mask(chess.PAWN, chess.WHITE) & chess.BB_BACKRANKS:
        return False
    if board.pieces_mask(chess.PAWN, chess.BLACK) & chess.BB_BACKRANKS:
        return False
    if mate_goal and board.is_attacked_by(board.turn, board.king(not board.turn)):
        return False
    return True


def placements(puzzle):
    """Every start position: one per placement of the hidden men, each with
    the words that name it ("bishop on c5")."""
    try:
        base = chess.Board(puzzle["fen"])
    except (KeyError, ValueError) as e:
        raise ProofError(f"the puzzle's fen: {e}") from e
    if base.turn != chess.WHITE:
        raise ProofError("the puzzle must have White to move")
    hidden = puzzle.get("hidden") or []
    entries = []
    for h in hidden:
        letters = [h["piece"]] if "piece" in h else list(h.get("pieces") or [])
        if not letters:
            raise ProofError(f"hidden entry {h} names no man")
        pieces = [chess.Piece.from_symbol(s) for s in letters]
        entries.append((pieces, square_list(h.get("squares"))))
    mate_goal = puzzle.get("goal", "mate") == "mate"
    found = {}

    def place(i, board, named):
        if i == len(entries):
            if is_position(board, mate_goal):
                found.setdefault(board.fen(), (board.copy(), ", ".join(named) or "as shown"))
            return
        pieces, squares = entries[i]
        for sq in squares:
            if board.piece_at(sq) is not None:
                continue
            for piece in pieces:
                board.set_piece_at(sq, piece)
                place(i + 1, board, named + [f"{PIECE_NAMES[piece.symbol().lower()]} on {chess.square_name(sq)}"])
                board.remove_piece_at(sq)

    place(0, base.copy(), [])
    return list(found.values())


# ---------------------------------------------------------- the umpire


def new_game(preset, board):
    """A reference game from `board`. The library starts only from the
    initial position, so its board is set and its question list rebuilt,
    as its own `from_snapshot` does."""
    game = KriegspielGame(ruleset=PRESETS[preset]["ruleset"])
    game._board = board.copy(stack=True)
    game._generate_possible_to_ask_list()
    return game


def clone(game):
    """A copy of a reference game to branch on (its scoresheets, which the
    checker never reads, start empty)."""
    new = KriegspielGame.__new__(KriegspielGame)
    new.__dict__.update(game.__dict__)
    new._board = game._board.copy(stack=True)
    new._possible_to_ask = list(game._possible_to_ask)
    new._possible_to_ask_set = set(game._possible_to_ask_set)
    new._whites_scoresheet = KSSS(chess.WHITE)
    new._blacks_scoresheet = KSSS(chess.BLACK)
    return new


def state_key(game):
    """What decides the rest of a line from here: the position and what the
    umpire still lets the mover ask."""
    return (
        game._board.fen(),
        game._must_use_pawns,
        frozenset(str(m.chess_move) if m.chess_move else "any?" for m in game._possible_to_ask_set),
    )


def capture_words(preset, board, move, answer, rules_used):
    """A capture in fogbound's words, under `preset` (board: before `move`)."""
    data = PRESETS[preset]
    square = answer.capture_at_square
    if board.is_en_passant(move) and preset in ("english", "dutch"):
        # Gambit rule 9: the taken pawn's square, not named.
        taken = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        if taken != square:
            rules_used["english-en-passant"] += 1
        square = taken
    name = chess.square_name(square)
    if data["victim"]:
        kind = "Pawn" if answer.captured_piece_announcement == CPA.PAWN else "Piece"
        text = f"{kind} at {name} captured"
    else:
        text = f"Capture at {name}"
    if data.get("capturer"):
        rules_used["dutch-capturer"] += 1
        text += " by a pawn" if board.piece_type_at(move.from_square) == chess.PAWN else " by a piece"
    if board.is_en_passant(move) and preset not in ("english", "dutch") and answer.en_passant_announced:
        text += " (en passant)"
    return text


def move_words(preset, board, move, answer, rules_used):
    """What both sides hear after a played move, in fogbound's words, and
    whether the game ended."""
    side = "White" if board.turn == chess.WHITE else "Black"
    words = [f"{side} has moved"]
    if answer.main_announcement == MA.CAPTURE_DONE:
        words.append(capture_words(preset, board, move, answer, rules_used))
    if answer.promotion_announced:
        words.append("Promotion")
    sca = answer.special_announcement
    if sca == SCA.CHECK_DOUBLE:
        dirs = sorted([CHECK_WORDS[answer.check_1], CHECK_WORDS[answer.check_2]])
        words.append("Double check: " + " and ".join(w for _, w in dirs))
    elif sca in CHECK_WORDS:
        words.append("Check " + CHECK_WORDS[sca][1])
    if answer.next_turn_pawn_tries is not None:
        n = answer.next_turn_pawn_tries
        words.append("1 pawn try" if n == 1 else f"{n} pawn tries")
    if answer.next_turn_has_pawn_capture:
        words.append("Pawn capture")
    if answer.next_turn_pawn_try_squares:
        # fogbound names the squares pawns can capture on; the reference
        # the pawns' squares (umpire-diff's rand-pawn-try-squares): the
        # squares are computed here from the true position.
        after = board.copy(stack=False)
        after.push(move)
        targets = sorted(
            {m.to_square for m in after.legal_moves if after.piece_type_at(m.from_square) == chess.PAWN and after.is_capture(m)}
        )
        words.append("Pawn captures on " + ", ".join(chess.square_name(s) for s in targets))
    return words


# ------------------------------------------------------------ the check


class Tally:
    def __init__(self):
        self.lines = 0
        self.positions = 0
        self.nodes = 0
        # Answers written, or positions walked (host-draws), by the reading
        # of ours that decided them, and one line for each.
        self.rules = collections.Counter()
        self.examples = {}


def describe(plies):
    return " ".join(plies)


def find_answer(node, refused, words, sight=None):
    """The proof's answer with these words or, under Fog of War, this
    sight: the enemy men seen and the ends of Black's move seen."""
    for answer in node.get("answers", []):
        if bool(answer.get("refused")) != refused:
            continue
        if sight is not None:
            if (answer.get("seen", []), answer.get("from"), answer.get("to")) == sight:
                return answer
        elif answer.get("told", []) == words:
            return answer
    return None


def check_kriegspiel(puzzle, preset, tree, starts, tally):
    """Walks the proof over every start position (see the module docs)."""
    data = PRESETS[preset]
    stipulation = int(puzzle["moves"])
    # Per proof node: the distinct states reaching it, each with the lines
    # merged into it and one of those lines (its plies) to report.
    frontier = [(tree, 0, {})]
    root = frontier[0][2]
    for board, named in starts:
        game = new_game(preset, board)
        entry = root.setdefault(state_key(game), [game, 0, [f"[{named}]"]])
        entry[1] += 1
    while frontier:
        node, moves_done, states = frontier.pop()
        tally.nodes += 1
        coord = node.get("coord")
        if not isinstance(coord, str):
            raise ProofError(f"a node without its attempt's coordinates: {str(node)[:80]}")
        children = {}  # id(answer) -> (answer, moves_done, states)

        def follow(answer, moves, game, count, plies):
            slot = children.setdefault(id(answer), (answer, moves, {}))[2]
            entry = slot.setdefault(state_key(game), [game, 0, plies])
            entry[1] += count

        for game, count, plies in states.values():
            tally.positions += 1
            if moves_done >= stipulation:
                raise Failure(f"White has no move left (mate in {stipulation}) and the proof goes on", plies)
            board = game._board
            number = moves_done + 1
            if coord == "any?":
                question = KSMove(QA.ASK_ANY)
                shown = f"{number}.Any?"
                move = None
            else:
                try:
                    move = chess.Move.from_uci(coord)
                except ValueError as e:
                    raise ProofError(f"attempt {coord!r}: {e}") from e
                question = KSMove(QA.COMMON, move)
                shown = f"{number}.{board.san(move) if board.is_legal(move) else coord}"
            g = clone(game)
            answer = g.ask_for(question)
            main = answer.main_announcement
            if main in (MA.ILLEGAL_MOVE, MA.HAS_ANY, MA.NO_ANY):
                word = {MA.ILLEGAL_MOVE: data["illegal"], MA.HAS_ANY: data["yes"], MA.NO_ANY: data["no"]}[main]
                if main == MA.NO_ANY and not board.pieces(chess.PAWN, chess.WHITE):
                    tally.rules["any-without-pawns"] += count
                line = plies + [f"{shown}({word})"]
                found = find_answer(node, True, [word])
                if found is None or found.get("then") is None:
                    raise Failure(f"the umpire says {word!r}, and the proof has no continuation for it", line)
                follow(found, moves_done, g, count, line)
                continue
            if main not in (MA.REGULAR_MOVE, MA.CAPTURE_DONE):
                raise Failure(f"the reference umpire does not take {coord} here ({main.name})", plies + [shown])
            white_words = move_words(preset, board, move, answer, tally.rules)
            if g._board.is_checkmate():
                tally.lines += count
                continue
            if g.is_game_over():
                raise Failure(f"the game ends without White's win ({g._board.result(claim_draw=False)}, {g._board.fen()})", plies + [shown])
            if number >= stipulation:
                raise Failure(f"no mate on White's move {number} of {stipulation}", plies + [shown])
            replies = list(g._board.legal_moves)
            for reply in replies:
                b = clone(g)
                before = b._board.copy(stack=False)
                reply_answer = b.ask_for(KSMove(QA.COMMON, reply))
                words = white_words + move_words(preset, before, reply, reply_answer, tally.rules)
                line = plies + [f"{shown} {before.san(reply)}"]
                if reply_answer.main_announcement not in (MA.REGULAR_MOVE, MA.CAPTURE_DONE):
                    raise Failure(f"the reference umpire refuses Black's legal reply ({reply_answer.main_announcement.name})", line)
                if b.is_game_over():
                    raise Failure(f"Black's reply ends the game ({b._board.result(claim_draw=False)})", line)
                if b._board.is_repetition(3):
                    # Counted per walked position, on the line recorded for
                    # it (lines merged into it may have other histories).
                    tally.rules["host-draws"] += 1
                    tally.examples.setdefault("host-draws", line + [f"({'; '.join(words)})"])
                found = find_answer(node, False, words)
                if found is None or found.get("then") is None:
                    raise Failure(f"the umpire says {words}, and the proof has no continuation for it", line + [f"({'; '.join(words)})"])
                follow(found, number, b, count, line + [f"({'; '.join(words)})"])
        for answer, moves, slot in children.values():
            frontier.append((answer["then"], moves, slot))


def fog_visible(board):
    """The squares White sees (Fog of War, Gehnen & Stannat §1.1): its own
    men's and every square one of its men could move to in the
    capture-the-king game, whoever is to move (so an enemy man is seen
    exactly when White could take it; a blocked pawn does not see its
    blocker)."""
    b = board.copy(stack=False)
    if b.turn != chess.WHITE:
        b.turn = chess.WHITE
        b.ep_square = None
    visible = set(chess.SquareSet(b.occupied_co[chess.WHITE]))
    visible.update(m.to_square for m in b.pseudo_legal_moves)
    return visible


def fog_sight(before, reply, after):
    """What White learns from Black's `reply` (before -> after): the black
    men it sees, and the ends of the reply it saw (the square left, when
    seen before; the square reached, when seen after)."""
    seen_after = fog_visible(after)
    men = [after.piece_at(s).symbol() + chess.square_name(s) for s in sorted(seen_after) if after.color_at(s) == chess.BLACK]
    left = chess.square_name(reply.from_square) if reply.from_square in fog_visible(before) else None
    reached = chess.square_name(reply.to_square) if reply.to_square in seen_after else None
    return men, left, reached


def king_taken(board, color):
    return board.king(color) is None


def check_fog(puzzle, tree, starts, tally):
    """Fog of War: every pseudo-legal reply, White's view the men it could
    take, the goal the king's capture."""
    stipulation = int(puzzle["moves"])
    frontier = [(tree, 0, {})]
    for board, named in starts:
        entry = frontier[0][2].setdefault(board.fen(), [board, 0, [f"[{named}]"]])
        entry[1] += 1
    while frontier:
        node, moves_done, states = frontier.pop()
        tally.nodes += 1
        coord = node.get("coord")
        children = {}
        for board, count, plies in states.values():
            tally.positions += 1
            number = moves_done + 1
            if moves_done >= stipulation:
                raise Failure(f"White has no move left ({stipulation}) and the proof goes on", plies)
            try:
                move = chess.Move.from_uci(coord)
            except (TypeError, ValueError) as e:
                raise ProofError(f"attempt {coord!r}: {e}") from e
            if not board.is_pseudo_legal(move):
                raise Failure(f"{coord} is not a move here", plies + [f"{number}.{coord}"])
            shown = f"{number}.{board.san(move) if board.is_legal(move) else coord}"
            after = board.copy(stack=False)
            after.push(move)
            if king_taken(after, chess.BLACK):
                tally.lines += count
                continue
            if number >= stipulation:
                raise Failure(f"the king is not taken on White's move {number} of {stipulation}", plies + [shown])
            replies = list(after.pseudo_legal_moves)
            if not replies:
                raise Failure("Black has no move", plies + [shown])
            for reply in replies:
                b = after.copy(stack=False)
                text = f"{shown} {reply.uci()}"
                b.push(reply)
                if king_taken(b, chess.WHITE):
                    raise Failure("Black takes White's king", plies + [text])
                sight = fog_sight(after, reply, b)
                seen, left, reached = sight
                told = f"sees {' '.join(seen) or 'nothing'}; saw the move leave {left or '-'} and reach {reached or '-'}"
                found = find_answer(node, False, None, sight)
                line = plies + [f"{text}({told})"]
                if found is None or found.get("then") is None:
                    raise Failure(f"White {told}, and the proof has no continuation for it", line)
                slot = children.setdefault(id(found), (found, number, {}))[2]
                entry = slot.setdefault(b.fen(), [b, 0, line])
                entry[1] += count
        for answer, moves, slot in children.values():
            frontier.append((answer["then"], moves, slot))


def read_puzzle(path, entry_id):
    """A puzzle object from a puzzle file, a collection entry, or (with
    `entry_id`) the collection or the generated set (`{"entries": [...]}`)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, dict) and isinstance(data.get("entries"), list):
        data = data["entries"]
    if isinstance(data, list):
        for entry in data:
            if entry.get("id") == entry_id:
                return entry["puzzle"]
        raise ProofError(f"{path} has no entry {entry_id!r}")
    return data.get("puzzle", data)


def check(proof, puzzle=None):
    """Checks `proof` (a parsed proof file) against `puzzle` (its own when
    None): a summary dict; raises Failure or ProofError."""
    if proof.get("format") != "fogbound-proof" or proof.get("version") != 1:
        raise ProofError("not a fogbound-proof file of version 1")
    puzzle = puzzle if puzzle is not None else proof.get("puzzle")
    if not isinstance(puzzle, dict) or "moves" not in puzzle:
        raise ProofError("the proof carries no puzzle (give --puzzle)")
    tree = proof.get("tree")
    if not isinstance(tree, dict):
        raise ProofError("the proof has no tree")
    start = time.monotonic()
    tally = Tally()
    starts = placements(puzzle)
    goal = puzzle.get("goal", "mate")
    preset = puzzle.get("rules") or "fog"
    if goal == "capture-king" or preset == "fog":
        preset = "fog"
        check_fog(puzzle, tree, starts, tally)
    elif preset in PRESETS:
        check_kriegspiel(puzzle, preset, tree, starts, tally)
    else:
        raise ProofError(f"no independent umpire for preset {preset!r}")
    return {
        "key": proof.get("key"),
        "preset": preset,
        "moves": int(puzzle["moves"]),
        "placements": len(starts),
        "proof_placements": proof.get("placements"),
        "lines": tally.lines,
        "positions": tally.positions,
        "proof_nodes": tally.nodes,
        "seconds": round(time.monotonic() - start, 3),
        "rules": dict(tally.rules),
        "examples": tally.examples,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("proof", help="a proof file written by fogbound puzzle solve --proof")
    ap.add_argument("--puzzle", help="read the puzzle from this file instead of the proof")
    ap.add_argument("--id", help="with --puzzle naming the collection: the entry's id")
    ap.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    args = ap.parse_args(argv)
    try:
        with open(args.proof, encoding="utf-8") as f:
            proof = json.load(f)
        puzzle = read_puzzle(args.puzzle, args.id) if args.puzzle else None
        summary = check(proof, puzzle)
    except (OSError, ValueError, KeyError, ProofError) as e:
        print(f"proof-check: {args.proof}: {e}", file=sys.stderr)
        return 2
    except Failure as f:
        if args.json:
            print(json.dumps({"ok": False, "why": f.why, "line": f.line}))
        else:
            print(f"proof-check: {args.proof}: REJECTED: {f.why}")
            print(f"  line: {describe(f.line)}")
        return 1
    if summary["proof_placements"] not in (None, summary["placements"]):
        print(
            f"proof-check: note: {summary['placements']} placements here, the proof says {summary['proof_placements']}",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(dict(ok=True, **summary)))
    else:
        print(
            f"proof-check: {args.proof}: OK — {summary['key']} mates within {summary['moves']} "
            f"({summary['preset']}): {summary['placements']} placements, {summary['lines']} lines, "
            f"{summary['positions']} positions at {summary['proof_nodes']} proof nodes, {summary['seconds']} s"
        )
        for name, count in sorted(summary["rules"].items()):
            unit = "walked positions" if name == "host-draws" else "answers"
            print(f"  {name}, {count} {unit}: {RULES[name]}")
            if name in summary["examples"]:
                print(f"    e.g. {describe(summary['examples'][name])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
