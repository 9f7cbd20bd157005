//! The n×n board (4 ≤ n ≤ 8) laid out in a u64 eight squares a rank, so the
//! king's step and the eight symmetries are a few shifts on every size.
//! A square here is `rank * 8 + file`; [`Board::name`] and
//! [`Board::engine_index`] translate to the outside.

/// The smallest and largest board sides the solver takes.
pub const MIN_SIZE: usize = 4;
pub const MAX_SIZE: usize = 8;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// One board size: its squares as a mask in the 8-wide layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    n: u8,
    mask: u64,
}

impl Board {
    /// The n×n board, or a message naming the allowed range.
    pub fn new(n: usize) -> Result<Board, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(format!(
                "board size {n} is out of range ({MIN_SIZE} to {MAX_SIZE})"
            ));
        }
        let rank = (1u64 << n) - 1;
        let mask = (0..n).fold(0, |m, r| m | rank << (8 * r));
        Ok(Board { n: n as u8, mask })
    }

    pub fn size(self) -> usize {
        self.n as usize
    }

    /// Every square of the board.
    pub fn mask(self) -> u64 {
        self.mask
    }

    pub fn square(self, file: usize, rank: usize) -> u8 {
        debug_assert!(file < self.size() && rank < self.size());
        (rank * 8 + file) as u8
    }

    pub fn file(sq: u8) -> usize {
        (sq % 8) as usize
    }

    pub fn rank(sq: u8) -> usize {
        (sq / 8) as usize
    }

    /// The squares of the board in the engine's order (`rank * n + file`).
    pub fn squares(self) -> impl Iterator<Item = u8> {
        let n = self.size();
        (0..n * n).map(move |i| ((i / n) * 8 + i % n) as u8)
    }

    /// The engine's index of a square (`rank * n + file`).
    pub fn engine_index(self, sq: u8) -> usize {
        Board::rank(sq) * self.size() + Board::file(sq)
    }

    /// The square of an engine index.
    pub fn from_engine_index(self, i: usize) -> u8 {
        ((i / self.size()) * 8 + i % self.size()) as u8
    }

    /// `a1`, `h8`.
    pub fn name(sq: u8) -> String {
        format!("{}{}", (b'a' + (sq % 8)) as char, sq / 8 + 1)
    }

    /// Reads `a1`…; `None` off the board.
    pub fn parse_square(self, text: &str) -> Option<u8> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let rank: usize = chars.as_str().parse().ok()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = (file as u8 - b'a') as usize;
        (file < self.size() && (1..=self.size()).contains(&rank))
            .then(|| self.square(file, rank - 1))
    }

    /// Every square a king on `set` could step to (the set itself excluded
    /// only where no member steps onto another).
    pub fn king_steps(self, set: u64) -> u64 {
        let east = (set << 1) & !FILE_A;
        let west = (set >> 1) & !FILE_H;
        let row = set | east | west;
        ((row << 8) | (row >> 8) | east | west) & self.mask
    }

    /// `set` and every square next to it.
    pub fn dilate(self, set: u64) -> u64 {
        self.king_steps(set) | set
    }

    /// The square `sq` under symmetry `g` (0 to 7: bit 0 mirrors files, bit
    /// 1 mirrors ranks, bit 2 swaps files and ranks, applied in that order).
    pub fn map_square(self, g: u8, sq: u8) -> u8 {
        let last = self.size() - 1;
        let (mut f, mut r) = (Board::file(sq), Board::rank(sq));
        if g & 1 != 0 {
            f = last - f;
        }
        if g & 2 != 0 {
            r = last - r;
        }
        if g & 4 != 0 {
            std::mem::swap(&mut f, &mut r);
        }
        (r * 8 + f) as u8
    }

    /// A set of squares under symmetry `g`, as [`Board::map_square`].
    pub fn map_set(self, g: u8, mut set: u64) -> u64 {
        let spare = 8 - self.n as u32;
        if g & 1 != 0 {
            set = set.reverse_bits().swap_bytes() >> spare;
        }
        if g & 2 != 0 {
            set = set.swap_bytes() >> (8 * spare);
        }
        if g & 4 != 0 {
            set = transpose(set);
        }
        set
    }

    /// The symmetry that undoes `g`.
    pub fn inverse(g: u8) -> u8 {
        // Mirrors commute with each other; after a swap they trade places.
        if g & 4 != 0 {
            4 | ((g & 1) << 1) | ((g & 2) >> 1)
        } else {
            g
        }
    }
}

/// Files become ranks (a2 ↔ b1) on the 8-wide layout.
fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The squares of a set, lowest first.
pub fn bits(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as u8;
            set &= set - 1;
            sq
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_symmetries_agree_with_square_symmetries() {
        for n in MIN_SIZE..=MAX_SIZE {
            let b = Board::new(n).unwrap();
            for g in 0..8 {
                for sq in b.squares() {
                    let image = b.map_square(g, sq);
                    assert_eq!(b.map_set(g, 1 << sq), 1 << image, "n {n} g {g}");
                    assert_eq!(b.map_square(Board::inverse(g), image), sq);
                }
            }
        }
    }

    #[test]
    fn king_steps_stay_on_the_board() {
        for n in MIN_SIZE..=MAX_SIZE {
            let b = Board::new(n).unwrap();
            for sq in b.squares() {
                let steps = b.king_steps(1 << sq);
                let expected = b
                    .squares()
                    .filter(|&t| {
                        t != sq
                            && Board::file(t).abs_diff(Board::file(sq)) <= 1
                            && Board::rank(t).abs_diff(Board::rank(sq)) <= 1
                    })
                    .fold(0, |m, t| m | 1 << t);
                assert_eq!(steps, expected);
            }
        }
    }
}
