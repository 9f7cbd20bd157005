//! A belief split by what White is told: an attempt played (or refused)
//! in every position, or every Black reply in every position, grouped by
//! White's [`View`], each position remembering the position it came from
//! (so a child's witness can be told in its parent's terms).

use fogbound_engine::belief::{Belief, View};
use fogbound_engine::model::find_in;
use fogbound_engine::{Bitboard64, Move, MoveAttempt};

use super::{Pos, Solver, Witness};

/// One answer group: what White is told, the positions, and for each the
/// position of the parent belief it came from.
pub(super) struct Group {
    pub(super) view: View,
    pub(super) belief: Belief<Bitboard64>,
    /// The parent of each position, in the belief's order.
    pub(super) parents: Vec<u64>,
}

/// The positions of one answer group as they are collected: each with its
/// hash and its parent's hash.
pub(super) struct Parts {
    pub(super) positions: Vec<Pos>,
    pub(super) hashes: Vec<u64>,
    pub(super) parents: Vec<u64>,
}

impl Parts {
    pub(super) fn of(pos: Pos, hash: u64, parent: u64) -> Parts {
        Parts {
            positions: vec![pos],
            hashes: vec![hash],
            parents: vec![parent],
        }
    }

    pub(super) fn push(&mut self, pos: Pos, hash: u64, parent: u64) {
        self.positions.push(pos);
        self.hashes.push(hash);
        self.parents.push(parent);
    }
}

impl Group {
    pub(super) fn of(view: View, parts: Parts) -> Group {
        // A position reached from two parents keeps the first.
        let (belief, parents) = Belief::hashed(parts.positions, parts.hashes, parts.parents);
        Group {
            view,
            belief,
            parents,
        }
    }

    pub(super) fn origin_of(&self, h: u64) -> u64 {
        let i = self
            .belief
            .key()
            .binary_search(&h)
            .expect("a witness is made of the group's positions");
        self.parents[i]
    }

    /// A child witness in the parent's terms.
    pub(super) fn origins(&self, w: &[u64]) -> Witness {
        let mut out: Witness = w.iter().map(|&h| self.origin_of(h)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

impl Solver<'_> {
    /// `attempt` in every position of `belief`, split by White's view
    /// (the refused group first), each position remembering where it came
    /// from.
    pub(super) fn split(
        &mut self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
        attempt: &MoveAttempt,
    ) -> Vec<Group> {
        let mut refused = Vec::new();
        let mut refused_hashes = Vec::new();
        let mut groups: Vec<(View, Parts)> = Vec::new();
        // As in `replies`: one view written again for each position.
        let mut view = View::default();
        for ((pos, list), &h) in belief.positions().iter().zip(legal).zip(belief.key()) {
            match find_in(list, attempt) {
                None => {
                    refused.push(pos.clone());
                    refused_hashes.push(h);
                }
                Some(mv) => {
                    let after = self.observer.play_into(pos, &mv, &mut view);
                    let hash = pos.zobrist_hash_after(&mv, h);
                    match groups.iter_mut().find(|(v, _)| *v == view) {
                        Some((_, parts)) => parts.push(after, hash, h),
                        None => groups.push((view.clone(), Parts::of(after, hash, h))),
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(groups.len() + 1);
        if let Some(first) = refused.first() {
            let view = self.observer.refusal_view(first, attempt);
            // Nothing moved: the belief keeps these positions and hashes.
            let parents = refused_hashes.clone();
            let (belief, _) = Belief::hashed(refused, refused_hashes, Vec::new());
            out.push(Group {
                view,
                belief,
                parents,
            });
        }
        for (view, parts) in groups {
            out.push(Group::of(view, parts));
        }
        out
    }

    /// Every legal Black reply in every position of `belief`, split by
    /// White's view.
    pub(super) fn replies(&mut self, belief: &Belief<Bitboard64>) -> Vec<Group> {
        let mut groups: Vec<(View, Parts)> = Vec::new();
        let mut moves = Vec::new();
        // Each reply's view is written here, and copied only for a new
        // group: most replies join a group already found.
        let mut view = View::default();
        for (pos, &h) in belief.positions().iter().zip(belief.key()) {
            moves.clear();
            pos.moves_into(self.mode, &mut moves);
            for mv in &moves {
                let after = self.observer.play_into(pos, mv, &mut view);
                let hash = pos.zobrist_hash_after(mv, h);
                // Few groups, most replies in the first: a scan beats
                // hashing every view.
                match groups.iter_mut().find(|(v, _)| *v == view) {
                    Some((_, parts)) => parts.push(after, hash, h),
                    None => groups.push((view.clone(), Parts::of(after, hash, h))),
                }
            }
        }
        groups
            .into_iter()
            .map(|(v, parts)| Group::of(v, parts))
            .collect()
    }
}
