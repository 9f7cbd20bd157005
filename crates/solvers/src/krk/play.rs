//! Playing against the table: positions, values and scored legal moves.

use super::geometry::{Square, SquareError, ROOK_DIRECTIONS};
use super::solver::{cell, KrkTable};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who is to move. White has the king and rook, Black the lone king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// A KRK position: the three pieces and the side to move. Nothing is
/// checked on construction; [`KrkTable::value`] says `Illegal` for
/// positions that break the rules (see the conventions in [`crate::krk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    pub white_king: Square,
    pub white_rook: Square,
    pub black_king: Square,
    pub to_move: Side,
}

impl Position {
    /// Reads `"Ke1 Ra1 ke8 w"`: white king, white rook, black king (any
    /// order, the black king in lower case `k`) and `w` or `b` for the side
    /// to move, checking that the squares lie on an n×n board.
    pub fn parse(text: &str, size: usize) -> Result<Position, PositionError> {
        let (mut wk, mut wr, mut bk, mut side) = (None, None, None, None);
        for word in text.split_whitespace() {
            let slot = match word {
                "w" | "W" => {
                    side = Some(Side::White);
                    continue;
                }
                "b" | "B" => {
                    side = Some(Side::Black);
                    continue;
                }
                _ if word.starts_with('K') => &mut wk,
                _ if word.starts_with('R') => &mut wr,
                _ if word.starts_with('k') => &mut bk,
                _ => return Err(PositionError::Malformed(text.to_string())),
            };
            if slot.is_some() {
                return Err(PositionError::Malformed(text.to_string()));
            }
            *slot = Some(Square::parse(&word[1..], size).map_err(PositionError::Square)?);
        }
        match (wk, wr, bk, side) {
            (Some(white_king), Some(white_rook), Some(black_king), Some(to_move)) => Ok(Position {
                white_king,
                white_rook,
                black_king,
                to_move,
            }),
            _ => Err(PositionError::Malformed(text.to_string())),
        }
    }
}

impl fmt::Display for Position {
    /// Writes the form [`Position::parse`] reads: `Ke1 Ra1 ke8 w`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.to_move {
            Side::White => 'w',
            Side::Black => 'b',
        };
        write!(
            f,
            "K{} R{} k{} {side}",
            self.white_king, self.white_rook, self.black_king
        )
    }
}

/// Why a position text was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// Not of the form `Ke1 Ra1 ke8 w`.
    Malformed(String),
    Square(SquareError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Malformed(text) => write!(
                f,
                "'{text}' is not a position like 'Ke1 Ra1 ke8 w' (white king, rook, black king, side to move)"
            ),
            PositionError::Square(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionError {}

/// The game-theoretic value of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Value {
    /// Not a legal position (or a square off the board).
    Illegal,
    /// White forces mate in `moves` White moves (with Black to move, after
    /// Black's reply; 0 means Black is checkmated now).
    WhiteWins { moves: u8 },
    /// Black to move is stalemated: a draw.
    Stalemate,
    /// Black to move can take the undefended rook: a draw.
    RookCapturable,
    /// A draw that is not immediate (also the value of bare kings after the
    /// rook is taken).
    Draw,
}

impl Value {
    fn from_cell(v: u8) -> Value {
        match v {
            cell::ILLEGAL => Value::Illegal,
            cell::STALEMATE => Value::Stalemate,
            cell::ROOK_CAPTURABLE => Value::RookCapturable,
            cell::DRAW => Value::Draw,
            moves => Value::WhiteWins { moves },
        }
    }

    /// A legal position that White does not win.
    pub fn is_draw(self) -> bool {
        matches!(self, Value::Stalemate | Value::RookCapturable | Value::Draw)
    }

    /// Black to move is checkmated.
    pub fn is_checkmate(self) -> bool {
        self == Value::WhiteWins { moves: 0 }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Illegal => f.write_str("illegal"),
            Value::WhiteWins { moves: 0 } => f.write_str("checkmate"),
            Value::WhiteWins { moves } => write!(f, "White mates in {moves}"),
            Value::Stalemate => f.write_str("stalemate"),
            Value::RookCapturable => f.write_str("draw (rook can be taken)"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// Which piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    WhiteKing,
    WhiteRook,
    BlackKing,
}

/// A legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub piece: Piece,
    pub from: Square,
    pub to: Square,
    /// The black king takes the rook (the game is then a draw).
    pub captures_rook: bool,
}

impl fmt::Display for Move {
    /// `Ke1-d2`, `Ra1-a8`, `ke8xd7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.piece {
            Piece::WhiteKing => 'K',
            Piece::WhiteRook => 'R',
            Piece::BlackKing => 'k',
        };
        let sep = if self.captures_rook { 'x' } else { '-' };
        write!(f, "{letter}{}{sep}{}", self.from, self.to)
    }
}

/// A legal move with the value of the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoredMove {
    pub mv: Move,
    /// The position after the move (`None` after the rook is taken).
    pub after: Option<Position>,
    /// The value of the position after the move. After a White move, White
    /// mates in `moves + 1` from the current position; after a Black move,
    /// in `moves`. Taking the rook gives [`Value::Draw`].
    pub value: Value,
}

impl KrkTable {
    fn squares_of(&self, p: &Position) -> Option<(usize, usize, usize)> {
        let n = self.size();
        let on = |s: Square| s.is_on(n);
        (on(p.white_king) && on(p.white_rook) && on(p.black_king)).then(|| {
            (
                p.white_king.index(n),
                p.white_rook.index(n),
                p.black_king.index(n),
            )
        })
    }

    /// The value of a position; `Illegal` if a square is off the board or the
    /// position breaks the rules.
    pub fn value(&self, position: &Position) -> Value {
        let Some((wk, wr, bk)) = self.squares_of(position) else {
            return Value::Illegal;
        };
        let i = self.index(wk, wr, bk);
        Value::from_cell(match position.to_move {
            Side::White => self.white_to_move[i],
            Side::Black => self.black_to_move[i],
        })
    }

    /// Every legal move of a legal position with the value it leads to,
    /// best first for the side to move: White prefers the quickest mate,
    /// then draws; Black prefers draws (taking the rook first), then the
    /// longest mate. Ties keep a fixed order (by move text). Empty for an
    /// illegal position, a checkmate or a stalemate.
    pub fn moves(&self, position: &Position) -> Vec<ScoredMove> {
        if self.value(position) == Value::Illegal {
            return Vec::new();
        }
        let Some((wk, wr, bk)) = self.squares_of(position) else {
            return Vec::new();
        };
        let board = &self.board;
        let n = self.size();
        let sq = |s: usize| Square::from_index(s, n);
        let mut moves = Vec::new();
        let mut push = |piece, from, to, after: Option<(usize, usize, usize)>| {
            let (after, value) = match after {
                Some((k, r, b)) => {
                    let pos = Position {
                        white_king: sq(k),
                        white_rook: sq(r),
                        black_king: sq(b),
                        to_move: position.to_move.other(),
                    };
                    (Some(pos), self.value(&pos))
                }
                None => (None, Value::Draw),
            };
            moves.push(ScoredMove {
                mv: Move {
                    piece,
                    from: sq(from),
                    to: sq(to),
                    captures_rook: after.is_none(),
                },
                after,
                value,
            });
        };
        match position.to_move {
            Side::White => {
                for to in board.king_steps(wk) {
                    if to != wr && !board.touching(to, bk) {
                        push(Piece::WhiteKing, wk, to, Some((to, wr, bk)));
                    }
                }
                for (df, dr) in ROOK_DIRECTIONS {
                    let mut to = wr;
                    while let Some(s) = board.step(to, df, dr) {
                        if s == wk || s == bk {
                            break;
                        }
                        to = s;
                        push(Piece::WhiteRook, wr, to, Some((wk, to, bk)));
                    }
                }
            }
            Side::Black => {
                for to in board.king_steps(bk) {
                    if to == wr {
                        if !board.touching(wk, wr) {
                            push(Piece::BlackKing, bk, to, None);
                        }
                    } else if !board.touching(to, wk) && !board.rook_attacks(wr, to, wk) {
                        push(Piece::BlackKing, bk, to, Some((wk, wr, to)));
                    }
                }
            }
        }
        let side = position.to_move;
        moves.sort_by_cached_key(|m| {
            let not_capture = !m.mv.captures_rook;
            (preference(side, m.value), not_capture, m.mv.to_string())
        });
        moves
    }

    /// The first of [`KrkTable::moves`]: a best move, if any.
    pub fn best_move(&self, position: &Position) -> Option<ScoredMove> {
        self.moves(position).into_iter().next()
    }

    /// A legal position with `side` to move, chosen uniformly from `seed`
    /// (the same seed always gives the same position). Use
    /// [`KrkTable::random_position_where`] to ask for, say, a won position.
    pub fn random_position(&self, side: Side, seed: u64) -> Position {
        self.random_position_where(side, seed, |_| true)
            .expect("every board from 3×3 up has legal positions")
    }

    /// A position with `side` to move whose value passes `wanted`, uniform
    /// among those, or `None` if there is none. Tries random indices first
    /// and falls back to a scan, so it always answers.
    pub fn random_position_where(
        &self,
        side: Side,
        seed: u64,
        wanted: impl Fn(Value) -> bool,
    ) -> Option<Position> {
        let table = match side {
            Side::White => &self.white_to_move,
            Side::Black => &self.black_to_move,
        };
        let fits = |i: usize| table[i] != cell::ILLEGAL && wanted(Value::from_cell(table[i]));
        let mut rng = SplitMix64(seed);
        let len = table.len() as u64;
        let found = (0..4096)
            .map(|_| (rng.next() % len) as usize)
            .find(|&i| fits(i))
            .or_else(|| {
                let count = (0..table.len()).filter(|&i| fits(i)).count();
                if count == 0 {
                    return None;
                }
                let k = (rng.next() % count as u64) as usize;
                (0..table.len()).filter(|&i| fits(i)).nth(k)
            })?;
        let (wk, wr, bk) = self.squares_at(found);
        let n = self.size();
        Some(Position {
            white_king: Square::from_index(wk, n),
            white_rook: Square::from_index(wr, n),
            black_king: Square::from_index(bk, n),
            to_move: side,
        })
    }
}

/// Sort key: smaller is better for `side` choosing a move that leads to `value`.
fn preference(side: Side, value: Value) -> (u8, i16) {
    match (side, value) {
        (Side::White, Value::WhiteWins { moves }) => (0, i16::from(moves)),
        (Side::Black, Value::WhiteWins { moves }) => (1, -i16::from(moves)),
        (Side::White, _) => (1, 0),
        (Side::Black, _) => (0, 0),
    }
}

/// A tiny deterministic generator (SplitMix64), so the library needs no
/// random-number crate and behaves the same natively and in wasm.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
