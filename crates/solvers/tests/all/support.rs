//! What the solvers' tests share: one seeded generator, a solved King+Rook
//! vs King table, squares of the Fog of War endgames' board by name.

use fogbound_solvers::fog_endgame::Board;
use fogbound_solvers::krk::{solve, KrkTable};
use fogbound_solvers::progress::Silent;

/// xorshift64*: small, seeded, reproducible (the sampled positions are the
/// same on every run).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// The King+Rook vs King table of the `n`×`n` board.
pub fn solved(n: usize) -> KrkTable {
    solve(n, &mut Silent).expect("Silent never cancels")
}

/// A square of the endgames' board by name (`"d4"`).
pub fn fog_square(board: Board, name: &str) -> u8 {
    board.parse_square(name).unwrap()
}
