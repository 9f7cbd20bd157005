#!/usr/bin/env python3
"""misty-chess as a protocol v1 player, a benchmark opponent for Fog of War.

misty-chess (PyPI `misty-chess`, GPL-3, imported as `fow_chess`) is an
Obscuro-style Fog of War engine: an exact set of the positions that fit its
views, belief worlds sampled from it, subgame solving over them, Stockfish at
the leaves. This script runs it as a separate program behind protocol v1
(PROTOCOL.md); nothing of it is linked into fogbound or shipped with it.

    fogbound match --model fog --a bot --b "ext:python3 tools/misty-player.py" --games 10 --ms 1000 --seed 3

Install: `pip install misty-chess` (brings python-chess and numpy) and a UCI
Stockfish (Debian `apt install stockfish`, found on PATH, at
/usr/games/stockfish, or where FOW_STOCKFISH says). misty runs its
pure-Python paths here (`use_rust_state=False`, `use_rust_tree=False`): the
PyPI package has no Rust extension.

Options:
  --ms N           thinking budget per move in milliseconds; without it the
                   budget each `go` gives. The search is given what is left
                   of it once the belief is brought up to date, less the
                   overrun the last moves showed.
  --profile NAME   misty's named configuration (default v1.6, the version
                   misty-chess 0.1.3 serves; see fow_chess.engine_profile).
  --belief-cap N   at most N positions kept in misty's belief. Besides, the
                   cap follows the budget: the pure-Python belief update costs
                   milliseconds per position kept, so the cap is set, after
                   each update, to what takes --update-share of the budget
                   (default 0.3) to update (at least 16 positions). An
                   uncapped belief (--exact-belief) cannot keep to a budget
                   of a second; a capped one may lose the true position.
  --verbose        misty's own log lines and each move's timing on stderr.

It plays only Fog of War on the 8x8 chess board; asked for anything else it
says so on stderr and exits with code 2. When misty's belief loses the true
position (possible with a capped belief) it starts again from one board
guessed from the current view and says so on stderr.
"""
import argparse
import logging
import os
import random
import shutil
import sys
import time

import chess

from fogview import (
    START,
    CastlingMemory,
    cells,
    index_of,
    messages,
    moves_of,
    own_squares,
    seen,
    send,
    square_of,
    turn_of,
)

# The fewest positions the belief keeps whatever the budget.
MIN_BELIEF = 16
# The cap before the first update has been timed.
FIRST_BELIEF = 256


def fail(message):
    """Says why on stderr and exits with code 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def find_stockfish():
    """misty asks FOW_STOCKFISH, then PATH; Debian puts Stockfish in /usr/games."""
    if os.environ.get("FOW_STOCKFISH") or shutil.which("stockfish"):
        return
    if os.access("/usr/games/stockfish", os.X_OK):
        os.environ["FOW_STOCKFISH"] = "/usr/games/stockfish"
        return
    fail("misty-player: no Stockfish (apt install stockfish, or FOW_STOCKFISH=path)")


def allow_fog_castling():
    """Fog of War castles out of, through and into attacked squares. misty's
    search knows it, but its pure-Python belief asks python-chess, whose
    castling is orthodox: an opponent castling through an attack would leave
    no position in the belief. This process's python-chess castles the Fog of
    War way (king and rook at home with the right, nothing between them)."""

    def generate_castling_moves(self, from_mask=chess.BB_ALL, to_mask=chess.BB_ALL):
        if self.chess960:
            yield from orthodox(self, from_mask, to_mask)
            return
        us = self.turn
        rank = 0 if us == chess.WHITE else 7
        king = chess.square(4, rank)
        if self.king(us) != king or not chess.BB_SQUARES[king] & from_mask:
            return
        for rook_file, king_file in ((7, 6), (0, 2)):
            rook = chess.square(rook_file, rank)
            to = chess.square(king_file, rank)
            if not self.clean_castling_rights() & chess.BB_SQUARES[rook]:
                continue
            if not (chess.BB_SQUARES[rook] | chess.BB_SQUARES[to]) & to_mask:
                continue
            lo, hi = sorted((4, rook_file))
            if any(self.piece_at(chess.square(f, rank)) for f in range(lo + 1, hi)):
                continue
            yield chess.Move(king, to)

    orthodox = chess.Board.generate_castling_moves
    chess.Board.generate_castling_moves = generate_castling_moves


def quick_rejections():
    """misty's pure-Python belief update tries every move of every position
    it keeps and asks whether the result fits the view, working out the
    whole of our sight on each; most moves are ruled out by what stands on
    the squares we see, or by which of our men was taken. Those two tests
    (both part of misty's own) now come first, on bitboards; what passes
    them gets misty's full test. Same positions kept, sooner."""
    from fow_chess.p_enum import enumerator

    full_test = enumerator.consistent_with
    masks = {}

    def consistent_with(next_board, prev_board, obs, perspective):
        if masks.get("obs") is not obs:
            seen_mask = int(obs.visibility_mask)
            white = sum(chess.BB_SQUARES[sq] for sq, p in obs.visible_pieces.items() if p.color == chess.WHITE)
            black = sum(chess.BB_SQUARES[sq] for sq, p in obs.visible_pieces.items() if p.color == chess.BLACK)
            masks.update(obs=obs, seen=seen_mask, white=white, black=black)
        seen_mask = masks["seen"]
        if next_board.occupied_co[chess.WHITE] & seen_mask != masks["white"]:
            return False
        if next_board.occupied_co[chess.BLACK] & seen_mask != masks["black"]:
            return False
        lost = prev_board.occupied_co[perspective] & ~next_board.occupied_co[perspective]
        taken = obs.own_capture_square
        if lost != (0 if taken is None else chess.BB_SQUARES[taken]):
            return False
        return full_test(next_board, prev_board, obs, perspective)

    enumerator.consistent_with = consistent_with


class MistyPlayer:
    def __init__(self, args):
        from fow_chess.engine_profile import PROFILES

        if args.profile not in PROFILES:
            fail(f"misty-player: no profile {args.profile!r} (choose one of: {', '.join(PROFILES)})")
        self.args = args
        self.profile = PROFILES[args.profile]
        self.strategy = None
        self.white = True
        self.seed = 0
        # The budget of the last `go` (ms), and what updating the belief
        # after an opponent's move cost per position kept (s), as last seen.
        self.ms = 1000
        self.per_position = 0.005
        # The search's overrun past the time it was given, as last seen (s).
        self.overrun = 0.2
        self.recoveries = 0

    def name(self):
        return f"misty-chess {self.profile.name} (pure Python)"

    def start(self, msg):
        variant = msg.get("variant", "chess")
        model = msg.get("model", "fog")
        size = (msg.get("width", 8), msg.get("height", 8))
        if variant != "chess" or model != "fog" or size != (8, 8):
            fail(
                f"misty-player: misty-chess plays only Fog of War on the 8x8 chess board, "
                f"not variant {variant!r} under model {model!r}"
            )
        self.white = msg["side"] == "white"
        self.seed = int(msg.get("seed", 0))
        if self.strategy is None:
            self.strategy = self._build()
        perspective = chess.WHITE if self.white else chess.BLACK
        self.strategy.reset(perspective, game_id=str(self.seed))
        self.last = None
        self.pending = None
        self.pending_double_step = None
        self.castling = CastlingMemory(self.white)
        self.enemy = dict(START)
        self.rng = random.Random(self.seed)

    def _build(self):
        budget = self.args.ms or self.ms
        cap = None if self.args.exact_belief else self.args.belief_cap or FIRST_BELIEF
        strategy = self.profile.build_strategy(seed=0, time_budget_seconds=budget / 1000, p_max_size=cap)
        # The PyPI package has no Rust extension: its pure-Python paths.
        for flag in ("_use_rust_state", "_use_rust_tree"):
            if not hasattr(strategy, flag):
                fail(f"misty-player: this misty-chess has no {flag[1:]} switch (made for 0.1.3)")
            setattr(strategy, flag, False)
        return strategy

    def observation(self, view, after_own_move):
        """misty's Observation of a view: what is seen, and after the
        opponent's move which of our men was taken and where its taker
        stands."""
        from fow_chess.observation import Observation

        mask, men = seen(view)
        own_captured = None
        landing = None
        if not after_own_move and self.last is not None:
            lost = own_squares(self.last, self.white) - own_squares(view, self.white)
            if lost:
                own_captured = lost.pop()
                landing = own_captured
                taker = men.get(own_captured)
                if taker is None and self._en_passant_victim(own_captured):
                    # Taken en passant, or on its square: misty is told only
                    # what is certain.
                    landing = None
        return Observation(
            visibility_mask=mask,
            visible_pieces=men,
            own_capture_square=own_captured,
            opp_capture_landing_square=landing,
        )

    def _en_passant_victim(self, square):
        """Whether our man lost on `square` was a pawn that had just made a
        double step (one the enemy may have taken en passant)."""
        if self.pending_double_step is None:
            return False
        return self.pending_double_step == square

    def view(self, view):
        ply = view["ply"]
        self.castling.note(view)
        if self.last is None:
            self.last = view
            self.pending_double_step = None
            return
        if ply == self.last["ply"]:
            self.last = view
            return
        if self.pending is not None and ply == self.pending[1] + 1:
            move = self.pending[0]
            self._note_own_capture(move)
            self.pending = None
            self._tell(lambda: self.strategy.observe_own_move(move, self.observation(view, True)), view)
        else:
            size = self.strategy._engine.enumerator.size
            started = time.monotonic()
            self._tell(lambda: self.strategy.observe_opp_move(self.observation(view, False)), view)
            self._fit_belief(time.monotonic() - started, size)
            self.pending_double_step = None
        self.last = view

    def _fit_belief(self, seconds, size):
        """Caps misty's belief so that bringing it up to date after the
        opponent's move takes about a third of the budget: the pure-Python
        update costs a few milliseconds per position kept."""
        if size > 0:
            self.per_position = 0.5 * self.per_position + 0.5 * seconds / size
        ms = self.args.ms or self.ms
        if self.args.exact_belief:
            return
        cap = int(self.args.update_share * ms / 1000 / max(self.per_position, 1e-5))
        if self.args.belief_cap:
            cap = min(cap, self.args.belief_cap)
        self.strategy._engine.enumerator.max_size = max(MIN_BELIEF, cap)

    def _note_own_capture(self, move):
        """An enemy man we take is one fewer left to guess; a double step of
        ours may be taken en passant on the next ply."""
        board = cells(self.last["board"])
        taken = board[index_of(move.to_square)]
        if taken.isalpha() and taken.lower() in self.enemy and self.enemy[taken.lower()] > 0:
            self.enemy[taken.lower()] -= 1
        pawn = "P" if self.white else "p"
        from_cell = board[index_of(move.from_square)]
        if from_cell == pawn and abs(move.to_square - move.from_square) == 16:
            self.pending_double_step = move.to_square
        else:
            self.pending_double_step = None
        if from_cell == pawn and taken == "." and chess.square_file(move.from_square) != chess.square_file(move.to_square):
            self.enemy["p"] = max(0, self.enemy["p"] - 1)

    def _tell(self, update, view):
        try:
            update()
        except Exception as e:  # noqa: BLE001 - misty says "soundness violation" with a RuntimeError
            # misty's belief lost the true position: start it again.
            self.recoveries += 1
            print(f"misty-player: belief lost at ply {view['ply']} ({type(e).__name__}: {e}); guessing afresh", file=sys.stderr)
            self._reseed(view)

    def _reseed(self, view):
        """misty's belief made afresh: boards guessed to fit the view, as
        many as the belief may keep."""
        from fow_chess.p_enum.fen import belief_fen

        enumerator = self.strategy._engine.enumerator
        if enumerator.uses_rust_state or not hasattr(enumerator, "_positions"):
            fail("misty-player: cannot reset this misty-chess's belief (made for 0.1.3)")
        count = max(MIN_BELIEF, enumerator.max_size or MIN_BELIEF)
        enumerator._positions = {belief_fen(self.guess(view)) for _ in range(count)}

    def guess(self, view):
        """One board that fits the view: the enemy men not seen put on unseen
        squares. An unseen square in front of one of our pawns holds one (it
        would be seen if empty); none stands where one of our pawns could take
        it (it would be seen); the king and rooks stay at home when those
        squares are unseen."""
        board = chess.Board(None)
        _, men = seen(view)
        for sq, piece in men.items():
            board.set_piece_at(sq, piece)
        ours = chess.WHITE if self.white else chess.BLACK
        enemy = not ours
        hidden = []
        left = dict(self.enemy)
        for piece in men.values():
            if piece.color == enemy and left.get(piece.symbol().lower(), 0) > 0:
                left[piece.symbol().lower()] -= 1
        for role in ("k", "q", "r", "b", "n", "p"):
            hidden += [chess.Piece.from_symbol(role).piece_type] * left.get(role, 0)
        board_cells = cells(view["board"])
        fog = {square_of(i) for i, ch in enumerate(board_cells) if ch == "?"}
        step = 8 if ours == chess.WHITE else -8
        blocked = set()
        for sq in board.pieces(chess.PAWN, ours):
            pawn_eyes = board.attacks(sq)
            fog -= set(pawn_eyes)
            ahead = sq + step
            if ahead in fog:
                blocked.add(ahead)
            elif 0 <= ahead < 64 and chess.square_rank(sq) == (1 if ours == chess.WHITE else 6) and ahead + step in fog:
                blocked.add(ahead + step)
        home = 7 if enemy == chess.BLACK else 0
        at_home = {chess.KING: [chess.square(4, home)], chess.ROOK: [chess.square(7, home), chess.square(0, home)]}

        def put(sq, role):
            board.set_piece_at(sq, chess.Piece(role, enemy))
            fog.discard(sq)
            hidden.remove(role)

        for role, squares in at_home.items():
            for sq in squares:
                if role in hidden and sq in fog and sq not in blocked:
                    put(sq, role)
        for sq in sorted(blocked):
            roles = [r for r in hidden if r != chess.PAWN or 0 < chess.square_rank(sq) < 7]
            if roles and sq in fog:
                put(sq, self.rng.choice(roles))
        free = sorted(fog)
        self.rng.shuffle(free)
        self.rng.shuffle(hidden)
        for role in sorted(hidden, key=lambda r: r == chess.PAWN):
            spot = next((sq for sq in free if role != chess.PAWN or 0 < chess.square_rank(sq) < 7), None)
            if spot is None:
                continue
            free.remove(spot)
            put(spot, role)
        rights = 0
        if board.king(enemy) == chess.square(4, home):
            for sq in at_home[chess.ROOK]:
                if board.piece_at(sq) == chess.Piece(chess.ROOK, enemy):
                    rights |= chess.BB_SQUARES[sq]
        board.castling_rights = rights | self.castling.rights()
        board.turn = turn_of(view)
        return board

    def attempt(self, msg, arrived):
        from fow_chess.selfplay import PerspectiveView

        view = self.last
        self.ms = int(msg.get("ms", self.ms))
        ms = self.args.ms or self.ms
        legal = moves_of(view, self.white, self.castling.rights())
        if not legal:
            return "any?"
        left = ms / 1000 - (time.monotonic() - arrived)
        budget = max(0.05, left - self.overrun)
        self.strategy.set_time_budget(budget)
        perspective = chess.WHITE if self.white else chess.BLACK
        mask, men = seen(view)
        own = [chess.Move.from_uci(t) for t in legal]
        started = time.monotonic()
        try:
            move = self.strategy.pick_move(
                PerspectiveView(
                    perspective=perspective,
                    own_legal_moves=own,
                    visible_squares=mask,
                    visible_piece_map=men,
                )
            )
        except RuntimeError as e:
            print(f"misty-player: no move from misty at ply {view['ply']} ({e}); guessing afresh", file=sys.stderr)
            self._reseed(view)
            move = self.strategy.pick_move(
                PerspectiveView(perspective=perspective, own_legal_moves=own, visible_squares=mask, visible_piece_map=men)
            )
        spent = time.monotonic() - started
        if self.args.verbose:
            enumerator = self.strategy._engine.enumerator
            print(
                f"misty-player: ply {view['ply']}: {time.monotonic() - arrived:.2f} s in all, "
                f"{spent:.2f} s of search given {budget:.2f} s, belief {enumerator.size} of at most {enumerator.max_size}",
                file=sys.stderr,
            )
        # The next search is given less by the overrun: the latest one, or
        # the earlier ones fading.
        self.overrun = max(spent - budget, 0.7 * self.overrun, 0.0)
        text = move.uci()
        if text[:4] not in legal and text not in legal:
            print(f"misty-player: misty chose {text}, not a move of ours; playing {legal[0]}", file=sys.stderr)
            text = legal[0]
            move = chess.Move.from_uci(text)
        self.pending = (chess.Move.from_uci(text), view["ply"])
        return text

    def close(self):
        if self.strategy is not None:
            self.strategy.close()


def main():
    parser = argparse.ArgumentParser(description="misty-chess as a protocol v1 player (Fog of War).")
    parser.add_argument("--ms", type=int, help="thinking budget per move (ms); default: each go's")
    parser.add_argument("--profile", default="v1.6", help="misty's configuration (default v1.6)")
    parser.add_argument("--belief-cap", type=int, help="most positions in misty's belief")
    parser.add_argument(
        "--update-share", type=float, default=0.3, help="share of the budget the belief update may take (default 0.3)"
    )
    parser.add_argument("--exact-belief", action="store_true", help="no cap on misty's belief, whatever the time")
    parser.add_argument("--verbose", action="store_true", help="misty's own log lines and each move's timing on stderr")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, stream=sys.stderr)
    find_stockfish()
    allow_fog_castling()
    quick_rejections()
    player = MistyPlayer(args)
    try:
        for arrived, msg in messages(sys.stdin):
            kind = msg.get("type")
            if kind == "start":
                player.start(msg)
                send({"type": "ready", "name": player.name()})
            elif kind == "view":
                player.view(msg)
            elif kind == "go":
                send({"type": "attempt", "text": player.attempt(msg, arrived)})
            elif kind == "end":
                if player.recoveries:
                    print(f"misty-player: belief guessed afresh {player.recoveries} times", file=sys.stderr)
                player.recoveries = 0
    finally:
        player.close()


if __name__ == "__main__":
    main()
