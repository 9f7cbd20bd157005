//! Dense indexing of positions, grouped into layers.
//!
//! Hounds only move forward, so the sum of the hounds' ranks grows by one
//! with every hound move and the game graph is a DAG layered by that sum. A
//! set of hound squares gets a *slot*: sets are ranked by the combinatorial
//! number system (colex order) and then renumbered so that each layer's sets
//! occupy a contiguous range of slots. A position's index is
//! `(slot * 2 + side) * L + fox`, with `L` light squares, so a whole layer is
//! one contiguous range of the position table.

use super::board::{bits, Board};

/// The hound sets of one board size and their slots.
#[derive(Debug)]
pub(crate) struct HoundSets {
    /// `binomial[j * (L + 1) + s]` = C(s, j + 1) for `j < hounds`, `s ≤ L`.
    binomial: Vec<u32>,
    /// Slot of each colex rank.
    slot_of_rank: Vec<u32>,
    /// Hound mask of each slot.
    masks: Vec<u64>,
    /// Layer `s` holds slots `layer_start[s]..layer_start[s + 1]`.
    layer_start: Vec<u32>,
    light: usize,
}

impl HoundSets {
    pub fn new(board: &Board) -> HoundSets {
        let light = board.light_squares();
        let hounds = board.hounds;
        let mut binomial = vec![0u32; hounds * (light + 1)];
        for (i, c) in binomial.iter_mut().enumerate() {
            let (j, s) = (i / (light + 1), i % (light + 1));
            *c = binomial_u64(s as u64, j as u64 + 1) as u32;
        }
        let count = binomial_u64(light as u64, hounds as u64) as usize;
        let rank_sum =
            |mask: u64| -> usize { bits(mask).map(|i| board.squares[i].rank as usize).sum() };
        let layers = hounds * (board.size.get() as usize - 1) + 1;
        // Gosper's hack visits the k-subsets in increasing numeric order,
        // which is colex order: the i-th mask visited has colex rank i.
        let mut per_layer = vec![0u32; layers + 1];
        let mut colex = Vec::with_capacity(count);
        let mut mask: u64 = (1u64 << hounds) - 1;
        for _ in 0..count {
            colex.push(mask);
            per_layer[rank_sum(mask) + 1] += 1;
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = (((ripple ^ mask) >> 2) / low) | ripple;
        }
        for s in 0..layers {
            per_layer[s + 1] += per_layer[s];
        }
        let layer_start = per_layer.clone();
        let mut next = per_layer;
        let mut slot_of_rank = vec![0u32; count];
        let mut masks = vec![0u64; count];
        for (rank, &m) in colex.iter().enumerate() {
            let s = rank_sum(m);
            let slot = next[s];
            next[s] += 1;
            slot_of_rank[rank] = slot;
            masks[slot as usize] = m;
        }
        HoundSets {
            binomial,
            slot_of_rank,
            masks,
            layer_start,
            light,
        }
    }

    /// The number of hound sets.
    pub fn slots(&self) -> usize {
        self.masks.len()
    }

    pub fn layers(&self) -> usize {
        self.layer_start.len() - 1
    }

    /// The slots of layer `s` (hound rank sum `s`).
    pub fn layer(&self, s: usize) -> std::ops::Range<usize> {
        self.layer_start[s] as usize..self.layer_start[s + 1] as usize
    }

    pub fn mask(&self, slot: usize) -> u64 {
        self.masks[slot]
    }

    /// The slot of a set of exactly `hounds` squares.
    #[inline]
    pub fn slot(&self, mask: u64) -> usize {
        let mut rank = 0usize;
        for (j, s) in bits(mask).enumerate() {
            rank += self.binomial[j * (self.light + 1) + s] as usize;
        }
        self.slot_of_rank[rank] as usize
    }

    /// The number of entries of a position table (both sides, every fox square).
    pub fn table_len(&self) -> usize {
        self.slots() * 2 * self.light
    }

    /// Bytes held by these tables.
    pub fn bytes(&self) -> usize {
        self.slot_of_rank.len() * 4
            + self.masks.len() * 8
            + self.layer_start.len() * 4
            + self.binomial.len() * 4
    }
}

fn binomial_u64(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut c = 1u64;
    for i in 0..k {
        c = c * (n - i) / (i + 1);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fox_hounds::board::BoardSize;

    #[test]
    fn slots_are_a_bijection_grouped_by_layer() {
        for n in 2..=8 {
            let board = Board::new(BoardSize::new(n).unwrap());
            let sets = HoundSets::new(&board);
            for s in 0..sets.layers() {
                for slot in sets.layer(s) {
                    let mask = sets.mask(slot);
                    assert_eq!(mask.count_ones() as usize, board.hounds);
                    assert_eq!(sets.slot(mask), slot);
                    let sum: usize = bits(mask).map(|i| board.squares[i].rank as usize).sum();
                    assert_eq!(sum, s);
                }
            }
            assert_eq!(sets.layer(0).len(), 1);
            assert_eq!(sets.mask(0), board.hounds_start);
        }
    }
}
