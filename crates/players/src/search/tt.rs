//! The transposition table: one slot per hash index, replaced when the new
//! entry is for the same position or at least as deep. Mate scores are
//! stored relative to the node (so a mate found through a transposition
//! keeps its distance). The bot clears it for each attempt.

use super::MATE_BOUND;

/// Whether a stored score is exact, a lower or an upper bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A move as the table keeps it: from, to and promotion role, packed.
pub type PackedMove = u32;

/// No move stored.
pub const NO_MOVE: PackedMove = 0;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    mv: PackedMove,
    score: i32,
    depth: i8,
    bound: Bound,
}

const EMPTY: Slot = Slot {
    key: 0,
    mv: NO_MOVE,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: PackedMove,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// See the module docs.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: vec![EMPTY; n],
            mask: n - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// The entry for `key`, its score made relative to the root (`ply`
    /// plies down).
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let s = &self.slots[key as usize & self.mask];
        if s.key != key || s.depth < 0 {
            return None;
        }
        Some(Hit {
            mv: s.mv,
            score: from_table(s.score, ply),
            depth: i32::from(s.depth),
            bound: s.bound,
        })
    }

    /// Stores a result for `key` found `ply` plies below the root.
    pub fn store(
        &mut self,
        key: u64,
        mv: PackedMove,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: i32,
    ) {
        let s = &mut self.slots[key as usize & self.mask];
        let replace = s.key == key || depth >= i32::from(s.depth);
        if !replace {
            return;
        }
        let mv = if mv == NO_MOVE && s.key == key {
            s.mv
        } else {
            mv
        };
        *s = Slot {
            key,
            mv,
            score: to_table(score, ply),
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }
}

fn to_table(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn a_stored_entry_comes_back_and_mates_keep_their_distance() {
        let mut t = Table::new(8);
        t.store(12345, 77, MATE - 5, 3, Bound::Exact, 2);
        let hit = t.probe(12345, 4).unwrap();
        assert_eq!(hit.mv, 77);
        assert_eq!(hit.score, MATE - 7, "a mate 3 plies from the node");
        assert_eq!(hit.depth, 3);
        assert!(t.probe(12345 + 256, 0).is_none(), "another key in the slot");
    }

    #[test]
    fn a_shallower_entry_does_not_replace_a_deeper_one_until_cleared() {
        let mut t = Table::new(4);
        t.store(1, 5, 10, 6, Bound::Exact, 0);
        t.store(17, 6, 20, 2, Bound::Exact, 0);
        assert_eq!(t.probe(1, 0).unwrap().score, 10);
        t.clear();
        assert!(t.probe(1, 0).is_none());
        t.store(17, 6, 20, 2, Bound::Exact, 0);
        assert_eq!(t.probe(17, 0).unwrap().score, 20);
    }
}
