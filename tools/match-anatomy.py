#!/usr/bin/env python3
"""Where a player's games went, read from `fogbound match --pgn` files.

For the player (by default the first side whose name starts with "bot"):
its score and how its games ended; the material each side took a game,
by whether a pawn or a piece took it and whether it answered a capture on
the same square (a recapture) or not; the opponent's pawn captures of men
the player had just moved onto the square, or of men a pawn had just come
to attack; the player's refused tries by kind (king in check or not,
piece, pawn capture, pawn push); and, for each game it did not win, the
material left on each side.

Material counts pawns 1, knights and bishops 3, rooks 5, queens 9. Games
are replayed with python-chess, so only orthodox moves can be read
(Kriegspiel, Dark Chess, open chess); a game python-chess cannot replay
(a king taken under Fog of War) is skipped and counted as such.

    tools/match-anatomy.py games.pgn [more.pgn ...]
    tools/match-anatomy.py --player greedy --json games.pgn

Needs python-chess (tools/.venv has it; `pip install chess`).
"""

import argparse
import io
import json
import logging
import re
import sys
from collections import Counter

import chess
import chess.pgn

WORTH = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
TRY = re.compile(r"\[%try (\S+)\]")
# A game python-chess cannot replay is counted as skipped, not logged.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def material(board, color):
    return sum(WORTH[p.piece_type] for p in board.piece_map().values() if p.color == color)


def games_of(text):
    """The games of one PGN text, each as (headers, moves, tries): `tries`
    maps a ply to the refused tries made at it (by the side to move)."""
    # python-chess knows no "Kriegspiel" variant; the moves are orthodox.
    text = re.sub(r'\[Variant "[^"]*"\]\n', "", text)
    stream = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return
        tries = {}
        ply = 0
        for comment in [game.comment] + [n.comment for n in game.mainline()]:
            found = TRY.findall(comment or "")
            if found:
                tries.setdefault(ply, []).extend(found)
            ply += 1
        yield game.headers, list(game.mainline_moves()), tries, game.errors


def try_kind(board, uci):
    """What kind of attempt a refused try was, on the board it was made on."""
    if uci == "any?":
        return None
    try:
        move = chess.Move.from_uci(uci[:5] if len(uci) > 4 and uci[4] in "qrbn" else uci[:4])
    except ValueError:
        return "unread"
    man = board.piece_at(move.from_square)
    if man is None:
        return "unread"
    if man.piece_type == chess.KING:
        return "king in check" if board.is_check() else "king"
    if man.piece_type == chess.PAWN:
        same_file = chess.square_file(move.from_square) == chess.square_file(move.to_square)
        return "pawn push" if same_file else "pawn capture"
    return "piece"


def result_for(headers, player_is_white):
    result = headers.get("Result", "*")
    if result == "1-0":
        return "win" if player_is_white else "loss"
    if result == "0-1":
        return "loss" if player_is_white else "win"
    return "draw"


def anatomy(texts, player=None):
    report = {
        "games": 0,
        "skipped": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "ends": Counter(),
        "taken": Counter(),
        "pawn_takes": Counter(),
        "moves": 0,
        "refused": Counter(),
        "non_wins": [],
    }
    for text in texts:
        for headers, moves, tries, errors in games_of(text):
            white, black = headers.get("White", ""), headers.get("Black", "")
            name = player or next((n for n in (white, black) if n.startswith("bot")), white)
            if name not in (white, black):
                raise SystemExit(f"no side of game '{white}' vs '{black}' is called '{name}'")
            me = chess.WHITE if white == name else chess.BLACK
            if errors:
                report["skipped"] += 1
                continue
            board = chess.Board()
            last_capture = None
            history = []
            taken, pawn_takes, refused = Counter(), Counter(), Counter()
            own_moves = 0
            for ply, move in enumerate(moves):
                if board.turn == me:
                    for uci in tries.get(ply, []):
                        kind = try_kind(board, uci)
                        if kind:
                            refused[kind] += 1
                    own_moves += 1
                if board.is_capture(move):
                    mover = board.piece_at(move.from_square)
                    prize = chess.PAWN if board.is_en_passant(move) else board.piece_at(move.to_square).piece_type
                    side = "player" if board.turn == me else "opponent"
                    how = "pawn" if mover.piece_type == chess.PAWN else "piece"
                    again = "recapture" if last_capture == move.to_square else "new"
                    taken[f"{side} {how} {again}"] += WORTH[prize]
                    if side == "opponent" and how == "pawn" and again == "new" and not board.is_en_passant(move):
                        prize_kind = "pawn" if prize == chess.PAWN else "piece"
                        if history and history[-1].to_square == move.to_square:
                            pawn_takes[f"{prize_kind} just moved there"] += WORTH[prize]
                        elif len(history) > 1 and history[-2].to_square == move.from_square:
                            pawn_takes[f"{prize_kind} the pawn had just come to attack"] += WORTH[prize]
                        else:
                            pawn_takes[f"{prize_kind} otherwise"] += WORTH[prize]
                    last_capture = move.to_square
                else:
                    last_capture = None
                history.append(move)
                board.push(move)
            report["games"] += 1
            outcome = result_for(headers, me == chess.WHITE)
            report[{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
            end = headers.get("Termination") or ("unfinished" if headers.get("Result") == "*" else "?")
            report["ends"][f"{outcome}: {end}"] += 1
            report["taken"].update(taken)
            report["pawn_takes"].update(pawn_takes)
            report["moves"] += own_moves
            report["refused"].update(refused)
            if outcome != "win":
                report["non_wins"].append(
                    {
                        "round": headers.get("Round", "?"),
                        "end": end,
                        "plies": len(moves),
                        "player": material(board, me),
                        "opponent": material(board, not me),
                    }
                )
    return report


def summary(report):
    n = report["games"]
    lines = []
    if n == 0:
        return f"no game could be read ({report['skipped']} skipped)"
    score = (report["wins"] + report["draws"] / 2) / n
    lines.append(
        f"{n} games: {report['wins']} W {report['draws']} D {report['losses']} L, {100 * score:.1f}%"
        + (f" ({report['skipped']} skipped)" if report["skipped"] else "")
    )
    lines.append("ends: " + ", ".join(f"{k} {v}" for k, v in sorted(report["ends"].items())))
    lines.append("material taken a game (new / recapture):")
    for side in ("player", "opponent"):
        parts = []
        for how in ("pawn", "piece"):
            new = report["taken"][f"{side} {how} new"] / n
            again = report["taken"][f"{side} {how} recapture"] / n
            parts.append(f"by {how}s {new:.1f} / {again:.1f}")
        lines.append(f"  {side}: " + ", ".join(parts))
    lines.append(
        "the opponent's new pawn captures a game: "
        + ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(report["pawn_takes"].items()))
    )
    refused = sum(report["refused"].values())
    tries = report["moves"] + refused
    lines.append(
        f"refused tries: {refused} of {tries} ({100 * refused / max(tries, 1):.1f}%): "
        + ", ".join(f"{k} {v}" for k, v in sorted(report["refused"].items()))
    )
    behind = sum(1 for g in report["non_wins"] if g["player"] - g["opponent"] <= -3)
    ahead = sum(1 for g in report["non_wins"] if g["player"] - g["opponent"] >= 3)
    level = len(report["non_wins"]) - behind - ahead
    lines.append(f"games not won: {len(report['non_wins'])}; at the end the player behind by 3 or more in {behind}, level in {level}, ahead by 3 or more in {ahead}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="PGN files written by `fogbound match --pgn`")
    parser.add_argument("--player", help="the side to read for (default: the first called bot…)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    texts = []
    for path in args.pgn:
        try:
            with open(path, encoding="utf-8") as f:
                texts.append(f.read())
        except OSError as e:
            print(f"match-anatomy: {path}: {e.strerror}", file=sys.stderr)
            return 2
    report = anatomy(texts, args.player)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(summary(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
