//! Board geometry: rectangular boards from 3×3 to 16×16, their files, ranks
//! and squares.
//!
//! A [`Square`] is the bit index `rank * width + file` on *its* board, so it
//! only means something together with the [`Geometry`] of that board (every
//! [`Position`](crate::Position) carries its geometry). Files are named `a`…`p`
//! and ranks `1`…`16`, so square names are `a1`, `j8`, `p16`.

use core::fmt;
use serde::{Deserialize, Serialize};

/// The smallest supported board side.
pub const MIN_SIDE: u8 = 3;
/// The largest supported board side.
pub const MAX_SIDE: u8 = 16;

/// A square of a board: its bit index `rank * width + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(pub u8);

impl Square {
    /// The bit index as a `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A file (column), `0` = `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct File(pub u8);

impl File {
    /// `'a'` … `'p'`.
    pub fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file for `'a'` … `'p'`.
    pub fn from_char(c: char) -> Option<File> {
        if c.is_ascii_lowercase() && (c as u8 - b'a') < MAX_SIDE {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
}

/// A rank (row), `0` = rank `1`, White's first rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rank(pub u8);

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// Why a board size was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeometryError {
    pub width: usize,
    pub height: usize,
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}×{} board is not supported: width and height must each be {MIN_SIDE}…{MAX_SIDE}",
            self.width, self.height
        )
    }
}

impl std::error::Error for GeometryError {}

/// The size of a rectangular board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Geometry {
    width: u8,
    height: u8,
}

impl Geometry {
    /// The orthodox 8×8 board.
    pub const CHESS: Geometry = Geometry {
        width: 8,
        height: 8,
    };

    /// A `width` × `height` board (files × ranks), each side 3…16.
    pub fn new(width: usize, height: usize) -> Result<Geometry, GeometryError> {
        let ok = |n: usize| (MIN_SIDE as usize..=MAX_SIDE as usize).contains(&n);
        if ok(width) && ok(height) {
            Ok(Geometry {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(GeometryError { width, height })
        }
    }

    /// Number of files.
    #[inline]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    #[inline]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of squares.
    #[inline]
    pub const fn square_count(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The square on `file`, `rank`, if both are on the board.
    #[inline]
    pub fn square(self, file: File, rank: Rank) -> Option<Square> {
        if file.0 < self.width && rank.0 < self.height {
            Some(Square(rank.0 * self.width + file.0))
        } else {
            None
        }
    }

    /// The square at signed coordinates, if on the board.
    #[inline]
    pub fn square_at(self, file: i32, rank: i32) -> Option<Square> {
        if (0..self.width as i32).contains(&file) && (0..self.height as i32).contains(&rank) {
            Some(Square((rank * self.width as i32 + file) as u8))
        } else {
            None
        }
    }

    /// The file of `sq`.
    #[inline]
    pub fn file(self, sq: Square) -> File {
        File(sq.0 % self.width)
    }

    /// The rank of `sq`.
    #[inline]
    pub fn rank(self, sq: Square) -> Rank {
        Rank(sq.0 / self.width)
    }

    /// `(file, rank)` as signed coordinates.
    #[inline]
    pub fn coords(self, sq: Square) -> (i32, i32) {
        ((sq.0 % self.width) as i32, (sq.0 / self.width) as i32)
    }

    /// For a knight's leap, the routes a piece could be said to travel: each
    /// lists its two intermediate squares — two steps along the longer axis
    /// then one across, or one across then two along — in that order, and
    /// only routes that stay on the board. Empty for other moves. (Dark
    /// Chess explores the route the player chooses.)
    pub fn leap_routes(self, from: Square, to: Square) -> Vec<[Square; 2]> {
        let (ff, fr) = self.coords(from);
        let (tf, tr) = self.coords(to);
        let (df, dr) = (tf - ff, tr - fr);
        if !((df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1)) {
            return Vec::new();
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let long_first = if dr.abs() == 2 {
            [self.square_at(ff, fr + sr), self.square_at(ff, fr + 2 * sr)]
        } else {
            [self.square_at(ff + sf, fr), self.square_at(ff + 2 * sf, fr)]
        };
        let across_first = if dr.abs() == 2 {
            [
                self.square_at(ff + sf, fr),
                self.square_at(ff + sf, fr + sr),
            ]
        } else {
            [
                self.square_at(ff, fr + sr),
                self.square_at(ff + sf, fr + sr),
            ]
        };
        [long_first, across_first]
            .into_iter()
            .filter_map(|route| match route {
                [Some(a), Some(b)] => Some([a, b]),
                _ => None,
            })
            .collect()
    }

    /// Whether `sq` is a light square (`a1` is dark, as on a chess board).
    #[inline]
    pub fn is_light(self, sq: Square) -> bool {
        let (f, r) = self.coords(sq);
        (f + r) % 2 == 1
    }

    /// The rank that is `rank` counted from `color`'s side (0 = own first rank).
    #[inline]
    pub fn relative_rank(self, color: crate::Color, rank: Rank) -> Rank {
        match color {
            crate::Color::White => rank,
            crate::Color::Black => Rank(self.height - 1 - rank.0),
        }
    }

    /// The name of `sq`: file letter then rank number, e.g. `j8`.
    pub fn square_name(self, sq: Square) -> String {
        format!("{}{}", self.file(sq), self.rank(sq))
    }

    /// Every square, in index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.square_count()).map(|i| Square(i as u8))
    }

    /// Reads a square name (`e4`, `j10`). `None` if malformed or off the board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(text)?;
        if rest.is_empty() {
            Some(sq)
        } else {
            None
        }
    }

    /// Reads a square name at the start of `text`; returns it and the rest.
    /// Takes as many rank digits as form a rank on this board.
    pub fn parse_square_prefix(self, text: &str) -> Option<(Square, &str)> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let digits: usize = text[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
        // Prefer the longest digit run that names a rank on this board.
        for len in (1..=digits.min(2)).rev() {
            let number: u32 = text[1..1 + len].parse().ok()?;
            if text[1..].starts_with('0') {
                return None;
            }
            if number >= 1 && number <= self.height as u32 {
                let sq = self.square(file, Rank(number as u8 - 1))?;
                return Some((sq, &text[1 + len..]));
            }
        }
        None
    }
}

impl Default for Geometry {
    fn default() -> Geometry {
        Geometry::CHESS
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.width, self.height)
    }
}
