#!/usr/bin/env python3
"""A Fog of War player for protocol v1 that guesses boards and asks Stockfish.

The kind of outside opponent researchers pit against fog bots: it keeps the
list of enemy men it has not taken, fills the squares it cannot see with them
at random (several times), asks a full-information engine for its best move
on each guessed board, and plays the move most of them chose. It takes a
visible king at once. It is a benchmark opponent, not part of the page:

    fogbound match --model fog --a bot --b "ext:python3 tools/sampled-stockfish.py" --games 40 --json

Needs python-chess (`pip install chess`) and a UCI Stockfish (`apt install
stockfish`; STOCKFISH=path to choose another). SAMPLES boards per move
(default 8), each searched for the turn's budget split between them (at most
MAX_MS in all, default 400 ms).
"""
import os
import random
import shutil
import sys

import chess
import chess.engine

from fogview import START, CastlingMemory, cells, messages, moves_of, send, square_of

SAMPLES = int(os.environ.get("SAMPLES", "8"))
MAX_MS = int(os.environ.get("MAX_MS", "400"))
FATAL = (
    chess.STATUS_NO_WHITE_KING
    | chess.STATUS_NO_BLACK_KING
    | chess.STATUS_TOO_MANY_KINGS
    | chess.STATUS_OPPOSITE_CHECK
    | chess.STATUS_PAWNS_ON_BACKRANK
)


def engine_path():
    for p in (os.environ.get("STOCKFISH"), shutil.which("stockfish"), "/usr/games/stockfish"):
        if p and os.path.exists(p):
            return p
    sys.exit("sampled-stockfish: no Stockfish found (apt install stockfish, or STOCKFISH=path)")


class Player:
    def __init__(self):
        self.engine = chess.engine.SimpleEngine.popen_uci(engine_path())
        self.rng = random.Random(0)
        self.white = True
        self.enemy = dict(START)
        self.view = None
        self.castling = CastlingMemory(True)

    def start(self, msg):
        self.white = msg["side"] == "white"
        self.rng = random.Random(msg.get("seed", 0))
        self.enemy = dict(START)
        self.view = None
        self.castling = CastlingMemory(self.white)

    def mine(self, ch):
        return ch.isalpha() and ch.isupper() == self.white

    def note_view(self, msg):
        self.view = msg
        self.castling.note(msg)
        # More enemy men of a kind seen than believed left: promotions.
        seen = {}
        for ch in cells(msg["board"]):
            if ch.isalpha() and not self.mine(ch):
                seen[ch.lower()] = seen.get(ch.lower(), 0) + 1
        for role, n in seen.items():
            while self.enemy.get(role, 0) < n:
                self.enemy[role] = self.enemy.get(role, 0) + 1
                if role != "p" and self.enemy.get("p", 0) > 0:
                    self.enemy["p"] -= 1

    def guess(self, board_cells):
        """One board: the enemy men not seen put on unseen squares."""
        hidden = dict(self.enemy)
        for ch in board_cells:
            if ch.isalpha() and not self.mine(ch) and hidden.get(ch.lower(), 0) > 0:
                hidden[ch.lower()] -= 1
        fog = [i for i, ch in enumerate(board_cells) if ch == "?"]
        self.rng.shuffle(fog)
        board = chess.Board(None)
        for i, ch in enumerate(board_cells):
            if ch.isalpha():
                board.set_piece_at(square_of(i), chess.Piece.from_symbol(ch))
        enemy_white = not self.white
        order = ["k", "q", "r", "b", "n", "p"]
        for role in order:
            for _ in range(hidden.get(role, 0)):
                spot = next((i for i in fog if role != "p" or 8 <= i < 56), None)
                if spot is None:
                    continue
                fog.remove(spot)
                symbol = role.upper() if enemy_white else role
                board.set_piece_at(square_of(spot), chess.Piece.from_symbol(symbol))
        board.turn = chess.WHITE if self.white else chess.BLACK
        board.castling_rights = 0
        return board

    def choose(self, ms):
        v = self.view
        legal = moves_of(v, self.white, self.castling.rights())
        if not legal:
            return None
        board_cells = cells(v["board"])
        # A king in sight is taken at once.
        for text in legal:
            to = (8 - int(text[3])) * 8 + (ord(text[2]) - ord("a"))
            if board_cells[to] in ("k", "K") and not self.mine(board_cells[to]):
                return text
        budget = max(10, min(ms, MAX_MS)) / 1000.0 / SAMPLES
        votes = {}
        for _ in range(SAMPLES):
            board = None
            for _ in range(30):
                b = self.guess(board_cells)
                # Stockfish needs both kings, no pawn on a last rank, and the
                # side not to move out of check.
                if not (b.status() & FATAL):
                    board = b
                    break
            if board is None:
                continue
            try:
                result = self.engine.play(board, chess.engine.Limit(time=budget))
            except chess.engine.EngineError:
                continue
            if result.move is None:
                continue
            text = result.move.uci()
            if text in legal:
                votes[text] = votes.get(text, 0) + 1
        if votes:
            best = max(votes.values())
            return sorted(t for t, n in votes.items() if n == best)[0]
        return self.rng.choice(legal)

    def attempt(self, msg):
        text = self.choose(msg.get("ms", 1000))
        if text is None:
            text = "any?"
        # Taking a man we can see removes it from the list.
        to = (8 - int(text[3])) * 8 + (ord(text[2]) - ord("a")) if len(text) >= 4 and text[3].isdigit() else None
        if to is not None:
            ch = cells(self.view["board"])[to]
            if ch.isalpha() and not self.mine(ch) and self.enemy.get(ch.lower(), 0) > 0:
                self.enemy[ch.lower()] -= 1
        return text


def main():
    player = Player()
    try:
        for _, msg in messages(sys.stdin):
            kind = msg.get("type")
            if kind == "start":
                player.start(msg)
                send({"type": "ready", "name": "sampled Stockfish"})
            elif kind == "view":
                player.note_view(msg)
            elif kind == "go":
                send({"type": "attempt", "text": player.attempt(msg)})
    finally:
        player.engine.quit()


if __name__ == "__main__":
    main()
