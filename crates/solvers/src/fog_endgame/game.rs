//! One White move from a belief state: is it safe, and which belief sets
//! can White face at its next turn.

use super::board::{bits, Board};
use super::men::{Info, Placements};
use serde::Serialize;

/// What White may learn between its move and its next turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Reading {
    /// White ignores the sight of the king right after its own move (the
    /// brief's formula): S' = (king steps from S) \ (seen ∪ White's men).
    /// One belief set per move; the game is one-player.
    Blind,
    /// White uses what it sees right after its own move, as the Fog of War
    /// rules show it: if the king stands on a square White's men now reach,
    /// White sees it there (and Black, to move, steps from that square);
    /// if not, White knows it is on S minus those squares. The true game.
    Sighted,
}

impl Reading {
    pub fn name(self) -> &'static str {
        match self {
            Reading::Blind => "blind",
            Reading::Sighted => "sighted",
        }
    }
}

/// A placement table and a reading: the rules of the one-sided game.
pub struct Game<'a> {
    pub table: &'a Placements,
    pub reading: Reading,
}

impl Game<'_> {
    pub fn board(&self) -> Board {
        self.table.board
    }

    /// Whether the black king, somewhere on `set`, can capture nothing
    /// undefended and not the white king once White's men stand as `after`.
    #[inline]
    pub fn safe(after: &Info, set: u64) -> bool {
        set & after.forbidden == 0
    }

    /// Calls `branch` with every belief set White may face after moving
    /// to `after` (only call it for a safe move): the black king's steps
    /// that land on no seen square and on no white man. An empty set means
    /// every step lands on a seen square (or a defended man), so White
    /// captures the king with its next move.
    #[inline]
    pub fn branches(&self, after: &Info, set: u64, mut branch: impl FnMut(u64)) {
        let board = self.board();
        let visible = after.seen | after.occupied;
        match self.reading {
            Reading::Blind => branch(board.king_steps(set) & !visible),
            Reading::Sighted => {
                let unseen = set & !after.seen;
                if unseen != 0 {
                    branch(board.king_steps(unseen) & !visible);
                }
                for sq in bits(set & after.seen) {
                    branch(board.king_steps(1 << sq) & !visible);
                }
            }
        }
    }

    /// A state's canonical form: the placement's canonical code and the
    /// smallest image of `set` under the symmetries that give that code.
    #[inline]
    pub fn canonical(&self, code: u32, set: u64) -> (u32, u64) {
        let info = self.table.get(code);
        let board = self.board();
        let mut best = u64::MAX;
        let mut syms = info.symmetries;
        while syms != 0 {
            let g = syms.trailing_zeros() as u8;
            syms &= syms - 1;
            best = best.min(board.map_set(g, set));
        }
        (info.canon, best)
    }
}
