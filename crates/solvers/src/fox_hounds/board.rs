//! Board geometry and positions: the light squares of an n×n board.
//!
//! Squares are named like chess squares (`a1` is the bottom-left corner and
//! is dark). Inside the solver each light square has a small index: light
//! squares are numbered rank by rank from rank 1, and by file within a rank,
//! so a square on a higher rank always has a larger index. Sets of light
//! squares are `u64` bit masks over these indices.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The smallest board size the solver accepts.
pub const MIN_SIZE: u8 = 2;
/// The largest board size the solver accepts (its tables need 212 MB).
pub const MAX_SIZE: u8 = 10;

/// A validated board size, `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct BoardSize(u8);

impl BoardSize {
    /// The standard 8×8 board.
    pub const EIGHT: BoardSize = BoardSize(8);

    /// Checks that `size` is between [`MIN_SIZE`] and [`MAX_SIZE`].
    pub fn new(size: u8) -> Result<BoardSize, PositionError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            Ok(BoardSize(size))
        } else {
            Err(PositionError::BadSize(size))
        }
    }

    /// The number of files (and of ranks).
    pub fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for BoardSize {
    type Error = PositionError;
    fn try_from(size: u8) -> Result<BoardSize, PositionError> {
        BoardSize::new(size)
    }
}

impl From<BoardSize> for u8 {
    fn from(size: BoardSize) -> u8 {
        size.0
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.0)
    }
}

/// A square of the board: `file` 0 is the a-file, `rank` 0 is rank 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// The pieces stand on light squares only; `a1` is dark.
    pub const fn is_light(self) -> bool {
        (self.file + self.rank) % 2 == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

impl FromStr for Square {
    type Err = PositionError;
    fn from_str(text: &str) -> Result<Square, PositionError> {
        let bad = || PositionError::BadSquare(text.to_string());
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?;
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if rank == 0 || rank > MAX_SIZE || file as u8 - b'a' >= MAX_SIZE {
            return Err(bad());
        }
        Ok(Square::new(file as u8 - b'a', rank - 1))
    }
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Fox,
    Hounds,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Fox => Side::Hounds,
            Side::Hounds => Side::Fox,
        }
    }

    pub(crate) fn index(self) -> usize {
        match self {
            Side::Fox => 0,
            Side::Hounds => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Fox => "Fox",
            Side::Hounds => "Hounds",
        })
    }
}

/// Why a position or square was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    BadSize(u8),
    BadSquare(String),
    OffBoard(Square),
    DarkSquare(Square),
    WrongHoundCount { expected: usize, found: usize },
    Overlap(Square),
    BadDiagram(String),
    SizeMismatch { solved: u8, position: u8 },
    Unreachable,
    IllegalMove,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BadSize(n) => {
                write!(f, "board size {n} is not between {MIN_SIZE} and {MAX_SIZE}")
            }
            PositionError::BadSquare(text) => write!(f, "'{text}' is not a square"),
            PositionError::OffBoard(sq) => write!(f, "{sq} is off the board"),
            PositionError::DarkSquare(sq) => write!(f, "{sq} is a dark square"),
            PositionError::WrongHoundCount { expected, found } => {
                write!(f, "expected {expected} hounds, found {found}")
            }
            PositionError::Overlap(sq) => write!(f, "two pieces on {sq}"),
            PositionError::BadDiagram(why) => write!(f, "cannot read diagram: {why}"),
            PositionError::SizeMismatch { solved, position } => write!(
                f,
                "position is on a {position}×{position} board, the solution is for {solved}×{solved}"
            ),
            PositionError::Unreachable => f.write_str("position is not reachable from the start"),
            PositionError::IllegalMove => f.write_str("illegal move"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A move of the fox or of one hound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// A Fox & Hounds position: where the fox and the hounds stand and who is to
/// move. Built only through [`Position::new`], parsing, or the solver, so the
/// squares are always light, distinct and on the board, with the right number
/// of hounds for the board size.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    size: BoardSize,
    fox: Square,
    hounds: Vec<Square>,
    to_move: Side,
}

impl Position {
    /// Validates and builds a position; the hounds may be given in any order
    /// (they are kept by rank, then file, so equal positions compare equal).
    pub fn new(
        size: BoardSize,
        fox: Square,
        hounds: &[Square],
        to_move: Side,
    ) -> Result<Position, PositionError> {
        let n = size.get();
        let expected = hound_count(n);
        if hounds.len() != expected {
            return Err(PositionError::WrongHoundCount {
                expected,
                found: hounds.len(),
            });
        }
        let mut all: Vec<Square> = hounds.to_vec();
        all.sort_by_key(|sq| (sq.rank, sq.file));
        for &sq in all.iter().chain(std::iter::once(&fox)) {
            if sq.file >= n || sq.rank >= n {
                return Err(PositionError::OffBoard(sq));
            }
            if !sq.is_light() {
                return Err(PositionError::DarkSquare(sq));
            }
        }
        for pair in all.windows(2) {
            if pair[0] == pair[1] {
                return Err(PositionError::Overlap(pair[0]));
            }
        }
        if all.contains(&fox) {
            return Err(PositionError::Overlap(fox));
        }
        Ok(Position {
            size,
            fox,
            hounds: all,
            to_move,
        })
    }

    /// The starting position: hounds on every light square of rank 1, the fox
    /// on the top rank's light square number ⌊n/4⌋+1 from the a-file, fox to move.
    pub fn initial(size: BoardSize) -> Position {
        let board = Board::new(size);
        board.position(board.fox_start, board.hounds_start, Side::Fox)
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn fox(&self) -> Square {
        self.fox
    }

    /// The hounds' squares in increasing order (rank, then file).
    pub fn hounds(&self) -> &[Square] {
        &self.hounds
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The board rows of the write-up's diagram, without the side-to-move line.
    pub fn board_diagram(&self) -> String {
        let n = self.size.get();
        let border = format!("+{}+", "-".repeat(n as usize));
        let mut out = border.clone();
        for rank in (0..n).rev() {
            out.push_str("\n|");
            for file in 0..n {
                let sq = Square::new(file, rank);
                out.push(if !sq.is_light() {
                    ' '
                } else if sq == self.fox {
                    'F'
                } else if self.hounds.contains(&sq) {
                    'H'
                } else {
                    '*'
                });
            }
            out.push('|');
        }
        out.push('\n');
        out.push_str(&border);
        out
    }
}

/// The write-up's diagram: "Fox to move" or "Hounds to move", then the board with
/// `F` for the fox, `H` for the hounds and `*` for empty light squares.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to move\n{}", self.to_move, self.board_diagram())
    }
}

/// Reads the write-up's diagram (see `Display`). The side line is required.
impl FromStr for Position {
    type Err = PositionError;
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let bad = |why: &str| PositionError::BadDiagram(why.to_string());
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let to_move = match lines.next() {
            Some("Fox to move") => Side::Fox,
            Some("Hounds to move") => Side::Hounds,
            _ => return Err(bad("first line must be 'Fox to move' or 'Hounds to move'")),
        };
        let rows: Vec<&str> = lines.collect();
        if rows.len() < 2 || !rows[0].starts_with('+') || !rows[rows.len() - 1].starts_with('+') {
            return Err(bad("board must be framed by +---+ lines"));
        }
        let rows = &rows[1..rows.len() - 1];
        let n = u8::try_from(rows.len()).map_err(|_| bad("too many rows"))?;
        let size = BoardSize::new(n)?;
        let mut fox = None;
        let mut hounds = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let inner = row
                .strip_prefix('|')
                .and_then(|r| r.strip_suffix('|'))
                .ok_or_else(|| bad("rows must be framed by |"))?;
            let cells: Vec<char> = inner.chars().collect();
            if cells.len() != n as usize {
                return Err(bad("every row must have one cell per file"));
            }
            let rank = n - 1 - i as u8;
            for (file, &c) in cells.iter().enumerate() {
                let sq = Square::new(file as u8, rank);
                match c {
                    'F' if fox.is_none() => fox = Some(sq),
                    'F' => return Err(bad("more than one fox")),
                    'H' => hounds.push(sq),
                    '*' | ' ' | '.' => {}
                    _ => return Err(bad("unknown character")),
                }
            }
        }
        let fox = fox.ok_or_else(|| bad("no fox"))?;
        Position::new(size, fox, &hounds, to_move)
    }
}

/// The number of hounds on an n×n board: the light squares of rank 1.
pub(crate) fn hound_count(n: u8) -> usize {
    (0..n).filter(|&f| Square::new(f, 0).is_light()).count()
}

/// Precomputed geometry of the light squares of one board size.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub size: BoardSize,
    /// Light squares by index.
    pub squares: Vec<Square>,
    /// Index of each square `rank * n + file`, or `None` for dark squares.
    index: Vec<Option<u8>>,
    /// Diagonal neighbours one rank up (where hounds move).
    pub up: Vec<u64>,
    /// Diagonal neighbours one rank down (where hounds came from).
    pub down: Vec<u64>,
    /// All diagonal neighbours (where the fox moves).
    pub near: Vec<u64>,
    /// Forward cone of a hound: the squares `(f', r')` with `r' ≥ r` and
    /// `|f' − f| ≤ r' − r`, its own square included — every square it could
    /// ever stand on.
    pub cone: Vec<u64>,
    pub hounds_start: u64,
    pub fox_start: u8,
    pub hounds: usize,
}

impl Board {
    pub fn new(size: BoardSize) -> Board {
        let n = size.get();
        let mut squares = Vec::new();
        let mut index = vec![None; n as usize * n as usize];
        for rank in 0..n {
            for file in 0..n {
                let sq = Square::new(file, rank);
                if sq.is_light() {
                    index[rank as usize * n as usize + file as usize] = Some(squares.len() as u8);
                    squares.push(sq);
                }
            }
        }
        let mut board = Board {
            size,
            index,
            up: vec![0; squares.len()],
            down: vec![0; squares.len()],
            near: vec![0; squares.len()],
            cone: vec![0; squares.len()],
            hounds_start: 0,
            fox_start: 0,
            hounds: hound_count(n),
            squares,
        };
        for i in 0..board.squares.len() {
            let sq = board.squares[i];
            for (df, dr) in [(-1, 1), (1, 1), (-1, -1), (1, -1)] {
                if let Some(j) = board.offset(sq, df, dr) {
                    board.near[i] |= 1 << j;
                    if dr == 1 {
                        board.up[i] |= 1 << j;
                    } else {
                        board.down[i] |= 1 << j;
                    }
                }
            }
            for (j, other) in board.squares.iter().enumerate() {
                if other.rank >= sq.rank && other.file.abs_diff(sq.file) <= other.rank - sq.rank {
                    board.cone[i] |= 1 << j;
                }
            }
            if sq.rank == 0 {
                board.hounds_start |= 1 << i;
            }
        }
        let top: Vec<u8> = (0..board.squares.len() as u8)
            .filter(|&i| board.squares[i as usize].rank == n - 1)
            .collect();
        board.fox_start = top[n as usize / 4];
        board
    }

    pub fn light_squares(&self) -> usize {
        self.squares.len()
    }

    /// Every light square.
    pub fn all(&self) -> u64 {
        (1u64 << self.squares.len()) - 1
    }

    /// The index of a light square on this board.
    pub fn index_of(&self, sq: Square) -> Option<u8> {
        let n = self.size.get();
        if sq.file >= n || sq.rank >= n {
            return None;
        }
        self.index[sq.rank as usize * n as usize + sq.file as usize]
    }

    fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<u8> {
        let file = u8::try_from(sq.file as i8 + df).ok()?;
        let rank = u8::try_from(sq.rank as i8 + dr).ok()?;
        self.index_of(Square::new(file, rank))
    }

    /// Every square some hound of `hounds` could ever reach, their own included.
    pub fn cones(&self, hounds: u64) -> u64 {
        bits(hounds).fold(0, |acc, h| acc | self.cone[h])
    }

    /// The fox has escaped: its square and at least one neighbour lie outside
    /// every hound's forward cone, so it can shuttle there for ever.
    pub fn escaped(&self, cones: u64, fox: usize) -> bool {
        cones >> fox & 1 == 0 && self.near[fox] & !cones != 0
    }

    /// The squares hounds of `hounds` could step to (ignoring the fox).
    pub fn hound_targets(&self, hounds: u64) -> u64 {
        bits(hounds).fold(0, |acc, h| acc | self.up[h]) & !hounds
    }

    pub fn position(&self, fox: u8, hounds: u64, to_move: Side) -> Position {
        Position {
            size: self.size,
            fox: self.squares[fox as usize],
            hounds: bits(hounds).map(|h| self.squares[h]).collect(),
            to_move,
        }
    }

    /// The fox index and hound mask of a position of this size.
    pub fn encode(&self, position: &Position) -> Result<(u8, u64), PositionError> {
        if position.size != self.size {
            return Err(PositionError::SizeMismatch {
                solved: self.size.get(),
                position: position.size.get(),
            });
        }
        let fox = self
            .index_of(position.fox)
            .ok_or(PositionError::OffBoard(position.fox))?;
        let mut hounds = 0u64;
        for &h in &position.hounds {
            hounds |= 1 << self.index_of(h).ok_or(PositionError::OffBoard(h))?;
        }
        Ok((fox, hounds))
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}
