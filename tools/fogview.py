"""Reading protocol v1 views of Fog of War chess with python-chess.

Shared by the outside-style players in `tools/` (`misty-player.py`,
`sampled-stockfish.py`). A view's optional fields may be missing (a referee
that sends only the required ones, PROTOCOL.md): everything here works from
`ply` and `board` alone and uses `turn` and `moves` only when given.
"""
import json
import queue
import threading
import time

import chess

# A side's men at the start of a game of chess.
START = {"p": 8, "n": 2, "b": 2, "r": 2, "q": 1, "k": 1}


def cells(board):
    """The protocol's placement as 64 cells from a8 to h1: '?', '.' or a letter."""
    out = []
    for rank in board.split("/"):
        for ch in rank:
            if ch.isdigit():
                out.extend("." * int(ch))
            else:
                out.append(ch)
    if len(out) != 64:
        raise ValueError(f"not an 8x8 placement: {board!r}")
    return out


def square_of(index):
    """Cell index (a8 = 0) to a python-chess square."""
    return chess.square(index % 8, 7 - index // 8)


def index_of(square):
    """A python-chess square to its cell index (a8 = 0)."""
    return (7 - chess.square_rank(square)) * 8 + chess.square_file(square)


def is_white_man(ch):
    return ch.isalpha() and ch.isupper()


def turn_of(view):
    """The side to move: the view's `turn`, else White on even plies."""
    turn = view.get("turn")
    if turn in ("white", "black"):
        return chess.WHITE if turn == "white" else chess.BLACK
    return chess.WHITE if view["ply"] % 2 == 0 else chess.BLACK


def seen(view):
    """The squares the player sees and the men on them (both colours)."""
    mask = chess.SquareSet()
    men = {}
    for i, ch in enumerate(cells(view["board"])):
        if ch == "?":
            continue
        sq = square_of(i)
        mask.add(sq)
        if ch != ".":
            men[sq] = chess.Piece.from_symbol(ch)
    return mask, men


def own_squares(view, white):
    """The squares of the player's own men."""
    return {
        square_of(i)
        for i, ch in enumerate(cells(view["board"]))
        if ch.isalpha() and is_white_man(ch) == white
    }


class CastlingMemory:
    """Which castlings the player may still have, from its own men's moves:
    the right to castle on a side goes when the king or that rook has been
    seen off its home square (one's own men are always in the view)."""

    def __init__(self, white):
        self.white = white
        rank = 0 if white else 7
        self.king = chess.square(4, rank)
        self.rooks = {chess.square(7, rank), chess.square(0, rank)}

    def note(self, view):
        board = cells(view["board"])
        king = "K" if self.white else "k"
        rook = "R" if self.white else "r"
        if board[index_of(self.king)] != king:
            self.rooks = set()
        self.rooks = {r for r in self.rooks if board[index_of(r)] == rook}

    def rights(self):
        return chess.SquareSet(self.rooks).mask


def picture(view, white, castling=0):
    """The player's own picture of the board: the men it sees, unseen
    squares empty, the player to move, its own castling rights."""
    board = chess.Board(None)
    for sq, piece in seen(view)[1].items():
        board.set_piece_at(sq, piece)
    board.turn = chess.WHITE if white else chess.BLACK
    board.castling_rights = castling
    return board


def picture_moves(view, white, castling=0):
    """Fog of War moves of the player's men, worked out from its board when
    the view does not list them: a move goes to a square the player sees
    (every destination of a legal move is seen, so an unseen square in front
    of a pawn is occupied), and castling is allowed out of, through and into
    attacked squares."""
    board = picture(view, white, castling)
    fog = [ch == "?" for ch in cells(view["board"])]
    out = []
    for m in board.pseudo_legal_moves:
        if fog[index_of(m.to_square)]:
            continue
        if board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
            if fog[index_of((m.from_square + m.to_square) // 2)]:
                continue
        out.append(m)
    have = {(m.from_square, m.to_square) for m in out}
    for m in fog_castlings(board):
        if (m.from_square, m.to_square) not in have:
            out.append(m)
    return out


def fog_castlings(board):
    """Castlings of the side to move whatever attacks there are (the Fog of
    War rule): king and rook on their home squares with the right, nothing
    between them."""
    us = board.turn
    rank = 0 if us == chess.WHITE else 7
    king = chess.square(4, rank)
    if board.king(us) != king:
        return []
    out = []
    for rook_file, king_file in ((7, 6), (0, 2)):
        rook = chess.square(rook_file, rank)
        if not board.castling_rights & chess.BB_SQUARES[rook]:
            continue
        if board.piece_at(rook) != chess.Piece(chess.ROOK, us):
            continue
        lo, hi = sorted((4, rook_file))
        if any(board.piece_at(chess.square(f, rank)) for f in range(lo + 1, hi)):
            continue
        out.append(chess.Move(king, chess.square(king_file, rank)))
    return out


def moves_of(view, white, castling=0):
    """The player's moves now as attempt texts: the view's `moves` when
    given (a promotion appears once, without its letter), else worked out
    from its board."""
    listed = view.get("moves")
    if listed:
        return list(listed)
    texts = []
    for m in picture_moves(view, white, castling):
        text = chess.Move(m.from_square, m.to_square).uci()
        if text not in texts:
            texts.append(text)
    return texts


def messages(stream):
    """The referee's messages, each with the time it arrived
    (`time.monotonic()`): read on a thread, so that a `go` read late is still
    timed from when it was sent. Blank lines are skipped; the input's end
    ends the messages."""
    lines = queue.Queue()

    def read():
        for line in stream:
            lines.put((time.monotonic(), line))
        lines.put((time.monotonic(), None))

    threading.Thread(target=read, daemon=True).start()
    while True:
        arrived, line = lines.get()
        if line is None:
            return
        if line.strip():
            yield arrived, json.loads(line)


def send(obj):
    """One line to the referee."""
    print(json.dumps(obj), flush=True)
