//! The exact memo: what is known of each belief White or Black has met —
//! won within so many moves, lost within so many (with a witness) — and
//! the lost witnesses, parts of lost beliefs that keep any belief holding
//! them lost, so a later belief is refuted without a search.

use super::{Solver, Turn};

/// Values remembered for one belief.
#[derive(Clone)]
pub(super) struct Entry {
    /// Won within this many moves (`u32::MAX`: not known).
    pub(super) won_in: u32,
    /// Not won within this many moves (0: not known).
    pub(super) lost_in: u32,
    /// Why it is lost (see [`Solver::lost`]).
    pub(super) witness: Witness,
}

/// Part of a lost belief that keeps any belief holding it lost: sorted
/// Zobrist hashes.
pub(super) type Witness = Vec<u64>;

/// Whether sorted `small` is a subset of sorted `big`.
fn is_subset(small: &[u64], big: &[u64]) -> bool {
    let mut it = big.iter();
    small.iter().all(|x| it.any(|y| y == x))
}

impl Solver<'_> {
    /// What the memo knows of `key` (a stage already normalised): `Some`
    /// when decided within `moves`.
    pub(super) fn recalled(&self, key: &[u64], moves: u32, turn: Turn) -> Option<Option<Witness>> {
        match self.memo[turn as usize].get(key) {
            Some(e) if e.won_in <= moves => Some(None),
            Some(e) if e.lost_in >= moves => Some(Some(e.witness.clone())),
            _ => self.known_lost(key, moves, turn).map(Some),
        }
    }

    /// Keeps a White belief's value (`None`: won within `moves`).
    pub(super) fn remember(
        &mut self,
        key: &[u64],
        moves: u32,
        turn: Turn,
        result: &Option<Witness>,
    ) {
        let e = self.memo[turn as usize]
            .entry(key.to_vec())
            .or_insert(Entry {
                won_in: u32::MAX,
                lost_in: 0,
                witness: Vec::new(),
            });
        match result {
            None => e.won_in = e.won_in.min(moves),
            Some(w) => {
                if moves > e.lost_in {
                    e.lost_in = moves;
                    e.witness = w.clone();
                }
                self.lost_index
                    .entry(w[0])
                    .or_default()
                    .push((w.clone(), moves, turn));
            }
        }
    }

    /// A kept witness lost within at least `moves` that `key` holds.
    pub(super) fn known_lost(&self, key: &[u64], moves: u32, turn: Turn) -> Option<Witness> {
        for h in key {
            let Some(list) = self.lost_index.get(h) else {
                continue;
            };
            for (w, n, t) in list {
                if *n >= moves && *t <= turn && is_subset(w, key) {
                    return Some(w.clone());
                }
            }
        }
        None
    }

    /// Keeps a Black-to-move belief's value (`None`: White wins after
    /// every reply, with `moves` left).
    pub(super) fn remember_escape(&mut self, key: &[u64], moves: u32, result: &Option<Witness>) {
        let e = self.escapes.entry(key.to_vec()).or_insert(Entry {
            won_in: u32::MAX,
            lost_in: 0,
            witness: Vec::new(),
        });
        match result {
            None => e.won_in = e.won_in.min(moves),
            Some(w) if moves > e.lost_in => {
                e.lost_in = moves;
                e.witness = w.clone();
            }
            Some(_) => {}
        }
    }
}
