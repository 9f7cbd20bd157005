//! Squares and the little geometry KRK needs: king steps and rook rays that
//! are blocked by the kings, on an n×n board.
//!
//! Squares are numbered `rank * n + file` from `a1 = 0`, files and ranks
//! counted from 0. Names run `a1` … `p16` on a 16×16 board and up to `z26`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The smallest board with legal KRK positions.
pub const MIN_SIZE: usize = 3;
/// The largest board [`super::solve`] accepts: files are named `a`…`z`, and
/// the dense index of one side (`n⁶` bytes) stays below 2³² entries. Real
/// limits come from memory first: 2·n⁶ bytes (16×16: 34 MB, 24×24: 382 MB).
pub const MAX_SIZE: usize = 26;

/// A square given by file and rank, both counted from 0 (`a1` is `(0, 0)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// The square on `file` and `rank` (from 0). Returns `None` past `z26`.
    pub fn new(file: usize, rank: usize) -> Option<Square> {
        (file < MAX_SIZE && rank < MAX_SIZE).then_some(Square {
            file: file as u8,
            rank: rank as u8,
        })
    }

    pub fn file(self) -> usize {
        usize::from(self.file)
    }

    pub fn rank(self) -> usize {
        usize::from(self.rank)
    }

    /// Whether the square lies on an n×n board.
    pub fn is_on(self, size: usize) -> bool {
        self.file() < size && self.rank() < size
    }

    /// Parses a name such as `e4` or `p16` and checks that it lies on an
    /// n×n board.
    pub fn parse(text: &str, size: usize) -> Result<Square, SquareError> {
        let square: Square = text.parse()?;
        if square.is_on(size) {
            Ok(square)
        } else {
            Err(SquareError::OffBoard {
                name: text.to_string(),
                size,
            })
        }
    }

    /// The square's number `rank * size + file` on an n×n board.
    pub(crate) fn index(self, size: usize) -> usize {
        self.rank() * size + self.file()
    }

    pub(crate) fn from_index(index: usize, size: usize) -> Square {
        Square {
            file: (index % size) as u8,
            rank: (index / size) as u8,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `a1` … `z26`, case-insensitively, without checking a board size.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let bad = || SquareError::Malformed(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let rank: usize = digits.parse().map_err(|_| bad())?;
        if rank == 0 || digits.starts_with('0') {
            return Err(bad());
        }
        Square::new(usize::from(letter as u8 - b'a'), rank - 1).ok_or_else(bad)
    }
}

/// Why a square name was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    /// Not a letter `a`–`z` followed by a rank from 1 to 26.
    Malformed(String),
    /// A well-formed name that does not lie on the board.
    OffBoard { name: String, size: usize },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Malformed(name) => write!(f, "'{name}' is not a square name like e4"),
            SquareError::OffBoard { name, size } => {
                write!(f, "square {name} is not on a {size}×{size} board")
            }
        }
    }
}

impl std::error::Error for SquareError {}

/// The four rook directions as (file step, rank step).
pub(crate) const ROOK_DIRECTIONS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Precomputed geometry of one n×n board, on square numbers.
#[derive(Debug, Clone)]
pub(crate) struct Board {
    pub size: usize,
    /// `size * size`.
    pub squares: usize,
    file: Vec<u8>,
    rank: Vec<u8>,
    /// King steps from each square, `neighbour_count[s]` of them valid.
    neighbours: Vec<[u16; 8]>,
    neighbour_count: Vec<u8>,
    /// `rays[(s * 4 + d)]`: the squares from `s` outward in direction `d`
    /// of [`ROOK_DIRECTIONS`], nearest first, as a range of `ray_squares`.
    rays: Vec<(u32, u32)>,
    ray_squares: Vec<u16>,
}

impl Board {
    pub fn new(size: usize) -> Board {
        let squares = size * size;
        let mut board = Board {
            size,
            squares,
            file: (0..squares).map(|s| (s % size) as u8).collect(),
            rank: (0..squares).map(|s| (s / size) as u8).collect(),
            neighbours: vec![[0; 8]; squares],
            neighbour_count: vec![0; squares],
            rays: Vec::with_capacity(4 * squares),
            ray_squares: Vec::with_capacity(4 * squares * size),
        };
        for s in 0..squares {
            for (df, dr) in ROOK_DIRECTIONS {
                let start = board.ray_squares.len() as u32;
                let mut t = s;
                while let Some(next) = board.step(t, df, dr) {
                    board.ray_squares.push(next as u16);
                    t = next;
                }
                board.rays.push((start, board.ray_squares.len() as u32));
            }
        }
        for s in 0..squares {
            let mut count = 0;
            for df in -1..=1 {
                for dr in -1..=1 {
                    if (df, dr) == (0, 0) {
                        continue;
                    }
                    if let Some(t) = board.step(s, df, dr) {
                        board.neighbours[s][count] = t as u16;
                        count += 1;
                    }
                }
            }
            board.neighbour_count[s] = count as u8;
        }
        board
    }

    #[inline]
    pub fn file(&self, s: usize) -> usize {
        usize::from(self.file[s])
    }

    #[inline]
    pub fn rank(&self, s: usize) -> usize {
        usize::from(self.rank[s])
    }

    /// The square one step of `(df, dr)` away from `s`, if on the board.
    #[inline]
    pub fn step(&self, s: usize, df: isize, dr: isize) -> Option<usize> {
        let f = self.file(s).checked_add_signed(df)?;
        let r = self.rank(s).checked_add_signed(dr)?;
        (f < self.size && r < self.size).then(|| r * self.size + f)
    }

    /// The king steps from `s`.
    #[inline]
    pub fn king_steps(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours[s][..usize::from(self.neighbour_count[s])]
            .iter()
            .map(|&t| usize::from(t))
    }

    /// The squares a rook on `s` reaches in direction `d` (an index into
    /// [`ROOK_DIRECTIONS`]) before `a` or `b` stops it, nearest first. Used
    /// by the reference solver of the tests.
    #[cfg(test)]
    pub fn rook_ray(&self, s: usize, d: usize, a: usize, b: usize) -> &[u16] {
        let (start, end) = self.rays[s * 4 + d];
        let ray = &self.ray_squares[start as usize..end as usize];
        let len = self
            .distance_along(s, d, a)
            .min(self.distance_along(s, d, b));
        &ray[..len.min(ray.len())]
    }

    /// How many squares a ray from `s` in direction `d` passes before
    /// reaching `t`, or `usize::MAX` if `t` is not on that ray.
    #[cfg(test)]
    fn distance_along(&self, s: usize, d: usize, t: usize) -> usize {
        let (sf, sr, tf, tr) = (self.file(s), self.rank(s), self.file(t), self.rank(t));
        let (same_line, ahead, gap) = match d {
            0 => (sr == tr, tf > sf, tf.wrapping_sub(sf)),
            1 => (sr == tr, tf < sf, sf.wrapping_sub(tf)),
            2 => (sf == tf, tr > sr, tr.wrapping_sub(sr)),
            _ => (sf == tf, tr < sr, sr.wrapping_sub(tr)),
        };
        if same_line && ahead {
            gap - 1
        } else {
            usize::MAX
        }
    }

    /// Whether two distinct squares touch (king distance 1).
    #[inline]
    pub fn touching(&self, a: usize, b: usize) -> bool {
        a != b
            && self.file(a).abs_diff(self.file(b)) <= 1
            && self.rank(a).abs_diff(self.rank(b)) <= 1
    }

    /// Whether a rook on `rook` attacks `target` along a rank or file, where
    /// `blocker` (the white king) may stand in between. The black king never
    /// blocks: it is either the target or has just left the line.
    #[inline]
    pub fn rook_attacks(&self, rook: usize, target: usize, blocker: usize) -> bool {
        if rook == target {
            return false;
        }
        let (rf, rr) = (self.file(rook), self.rank(rook));
        let (tf, tr) = (self.file(target), self.rank(target));
        let (bf, br) = (self.file(blocker), self.rank(blocker));
        if rf == tf {
            !(bf == rf && strictly_between(br, rr, tr))
        } else if rr == tr {
            !(br == rr && strictly_between(bf, rf, tf))
        } else {
            false
        }
    }
}

#[inline]
fn strictly_between(x: usize, a: usize, b: usize) -> bool {
    (a < x && x < b) || (b < x && x < a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for text in ["a1", "h8", "p16", "z26", "c10"] {
            assert_eq!(text.parse::<Square>().unwrap().to_string(), text);
        }
        assert_eq!(Square::parse("E4", 8).unwrap().to_string(), "e4");
        for bad in ["", "a", "a0", "a01", "1a", "a27", "é4", "a1x", "a-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert!(matches!(
            Square::parse("i1", 8),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(Square::parse("p16", 16).is_ok());
    }

    #[test]
    fn king_steps_count_edges_and_corners() {
        let b = Board::new(8);
        let sq = |t: &str| Square::parse(t, 8).unwrap().index(8);
        assert_eq!(b.king_steps(sq("a1")).count(), 3);
        assert_eq!(b.king_steps(sq("a4")).count(), 5);
        assert_eq!(b.king_steps(sq("e4")).count(), 8);
        let total: usize = (0..64).map(|s| b.king_steps(s).count()).sum();
        assert_eq!(total, 420);
    }

    #[test]
    fn rook_rays_stop_at_the_white_king() {
        let b = Board::new(8);
        let sq = |t: &str| Square::parse(t, 8).unwrap().index(8);
        assert!(b.rook_attacks(sq("a1"), sq("a8"), sq("b2")));
        assert!(!b.rook_attacks(sq("a1"), sq("a8"), sq("a5")));
        assert!(b.rook_attacks(sq("a1"), sq("a4"), sq("a5")));
        assert!(!b.rook_attacks(sq("a1"), sq("h1"), sq("d1")));
        assert!(!b.rook_attacks(sq("a1"), sq("b2"), sq("h8")));
        assert!(!b.rook_attacks(sq("a1"), sq("a1"), sq("h8")));
    }

    #[test]
    fn rook_rays_match_stepping() {
        for n in [3, 5, 8] {
            let b = Board::new(n);
            for s in 0..n * n {
                for a in 0..n * n {
                    let c = (a * 7 + 3) % (n * n);
                    for (d, (df, dr)) in ROOK_DIRECTIONS.into_iter().enumerate() {
                        let mut expected = Vec::new();
                        let mut t = s;
                        while let Some(next) = b.step(t, df, dr) {
                            if next == a || next == c {
                                break;
                            }
                            expected.push(next as u16);
                            t = next;
                        }
                        assert_eq!(b.rook_ray(s, d, a, c), expected.as_slice());
                    }
                }
            }
        }
    }
}
