//! A belief split by what White is told: an attempt played (or refused)
//! in every position, or every Black reply in every position, grouped by
//! White's [`View`], each position remembering the position it came from
//! (so a child's witness can be told in its parent's terms).

use fogbound_engine::belief::{Belief, View};
use fogbound_engine::model::find_in;
use fogbound_engine::{Bitboard64, Move, MoveAttempt, MoveKind, Role, Square};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::{Pos, Solver, Witness};

/// A reply's result as far as White's view of it goes when the model does
/// not tell where the man came from: the position after it (by its hash)
/// and everything of the move but its origin.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Reached {
    hash: u64,
    to: Square,
    role: Role,
    capture: Option<Role>,
    promotion: Option<Role>,
    kind: MoveKind,
}

impl Reached {
    fn of(hash: u64, mv: &Move) -> Reached {
        Reached {
            hash,
            to: mv.to,
            role: mv.role,
            capture: mv.capture,
            promotion: mv.promotion,
            kind: mv.kind,
        }
    }
}

/// A hasher for [`Reached`]: its first field, a Zobrist hash already,
/// is the hash (the other fields are compared, not hashed).
#[derive(Default)]
struct FirstWord(Option<u64>);

impl Hasher for FirstWord {
    fn finish(&self) -> u64 {
        self.0.unwrap_or(0)
    }

    fn write(&mut self, _bytes: &[u8]) {}

    fn write_u64(&mut self, x: u64) {
        self.0.get_or_insert(x);
    }
}

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
    /// A group's parts starting with one position, with room for
    /// `capacity` (most answers fall in the first group: growing it one
    /// doubling at a time was a good part of the splits' allocation).
    pub(super) fn of(pos: Pos, hash: u64, parent: u64, capacity: usize) -> Parts {
        let mut parts = Parts {
            positions: Vec::with_capacity(capacity),
            hashes: Vec::with_capacity(capacity),
            parents: Vec::with_capacity(capacity),
        };
        parts.push(pos, hash, parent);
        parts
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
                        None => {
                            let room = if groups.is_empty() { belief.len() } else { 1 };
                            groups.push((view.clone(), Parts::of(after, hash, h, room)))
                        }
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
        // A reply reaching a position another reply of this belief reached
        // (the same man landing on the same square from a different
        // placement) joins the same group, where the belief keeps the
        // first: it is skipped before it is played, when the model's words
        // cannot tell where the man came from. On Rotenberg's 15-mover
        // 64% of the replies were such repeats (SOLVER-NOTES.md).
        let origin_told = self.observer.tells_origin();
        let mut reached: HashSet<Reached, BuildHasherDefault<FirstWord>> = HashSet::default();
        for (i, (pos, &h)) in belief.positions().iter().zip(belief.key()).enumerate() {
            moves.clear();
            pos.moves_into(self.mode, &mut moves);
            if i == 0 && !origin_told {
                // Room for every reply, guessed from the first position's:
                // the set otherwise grew by rehashing as it filled.
                reached.reserve(moves.len() * belief.len());
            }
            // The first group takes most replies (see `Parts::of`).
            let room = moves.len() * (belief.len() - i);
            for mv in &moves {
                let hash = pos.zobrist_hash_after(mv, h);
                if !origin_told && !reached.insert(Reached::of(hash, mv)) {
                    continue;
                }
                let after = self.observer.play_into(pos, mv, &mut view);
                // Few groups, most replies in the first: a scan beats
                // hashing every view.
                match groups.iter_mut().find(|(v, _)| *v == view) {
                    Some((_, parts)) => parts.push(after, hash, h),
                    None => {
                        let room = if groups.is_empty() { room } else { 1 };
                        groups.push((view.clone(), Parts::of(after, hash, h, room)))
                    }
                }
            }
        }
        groups
            .into_iter()
            .map(|(v, parts)| Group::of(v, parts))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::belief::Observer;
    use fogbound_engine::{KriegspielRules, ModelSpec, Variant};

    /// Every Black reply in every position, each played and grouped by
    /// White's view, the belief keeping the first of a repeated position:
    /// what `replies` must give with its repeats skipped.
    fn every_reply_grouped(
        spec: &ModelSpec,
        belief: &Belief<Bitboard64>,
    ) -> Vec<(View, Vec<u64>, Vec<u64>)> {
        let mut observer = Observer::<Bitboard64>::new(spec, fogbound_engine::Color::White);
        let mut groups: Vec<(View, Parts)> = Vec::new();
        for (pos, &h) in belief.positions().iter().zip(belief.key()) {
            for mv in pos.moves(observer.mode()) {
                let after = pos.after(&mv);
                let view = observer.view_of(pos, &after, &mv);
                let hash = pos.zobrist_hash_after(&mv, h);
                match groups.iter_mut().find(|(v, _)| *v == view) {
                    Some((_, parts)) => parts.push(after, hash, h),
                    None => groups.push((view, Parts::of(after, hash, h, 1))),
                }
            }
        }
        groups
            .into_iter()
            .map(|(v, parts)| {
                let g = Group::of(v, parts);
                (g.view, g.belief.key().to_vec(), g.parents)
            })
            .collect()
    }

    /// Black beliefs in which the same man lands on the same square from
    /// many placements (a hidden bishop, a checking rook, a capture, a
    /// promotion): under every umpire preset `replies` skips the repeats
    /// and gives the groups, positions and parents of playing them all;
    /// under Fog of War, where they may be told apart, it plays them.
    #[test]
    fn replies_skip_repeated_positions_and_give_the_same_groups() {
        let variant = Variant::chess();
        // Each row: the men, and the squares a hidden black man may stand
        // on (one position per square).
        let rows: [(&str, char, &[&str]); 3] = [
            (
                "8/8/2R5/4B2p/8/8/6Np/5K1k b - - 1 1",
                'b',
                &[
                    "a1", "c1", "e1", "b2", "d2", "f2", "a3", "c3", "e3", "g3", "b4", "d4", "f4",
                    "h4", "c5", "a7", "e7", "g7", "b8", "d8", "f8", "h8",
                ],
            ),
            (
                "7k/1P6/8/8/3N4/8/5K2/8 b - - 0 1",
                'r',
                &["a8", "c8", "d8", "a1", "h1", "b3", "g5"],
            ),
            (
                "4k3/8/8/3p4/2N1B3/8/p7/4K3 b - - 0 1",
                'q',
                &["a7", "h7", "b6", "h4", "g6", "f7"],
            ),
        ];
        let mut checked = 0;
        let specs = KriegspielRules::presets()
            .into_iter()
            .map(|rules| ModelSpec::Kriegspiel { rules })
            // Under Fog of War the squares seen tell where a man came
            // from: nothing is skipped.
            .chain([ModelSpec::Fog]);
        for spec in specs {
            for (fen, hidden, squares) in rows {
                let positions: Vec<Pos> = squares
                    .iter()
                    .filter_map(|sq| {
                        let mut setup = fogbound_engine::Setup::from_fen(fen).unwrap();
                        let g = setup.geometry;
                        let s = g.parse_square(sq)?;
                        if setup.board[s.index()].is_some() {
                            return None;
                        }
                        setup.board[s.index()] = Some(fogbound_engine::Piece::from_char(hidden)?);
                        Pos::from_setup(&variant, &setup).ok()
                    })
                    .collect();
                assert!(positions.len() > 3, "{fen}");
                let belief = Belief::new(positions);
                let mut solver = Solver::new(&spec, u64::MAX, None);
                let got: Vec<(View, Vec<u64>, Vec<u64>)> = solver
                    .replies(&belief)
                    .into_iter()
                    .map(|g| (g.view, g.belief.key().to_vec(), g.parents))
                    .collect();
                assert_eq!(got, every_reply_grouped(&spec, &belief), "{fen}");
                checked += 1;
            }
        }
        assert!(checked >= 3 * 9, "{checked}");
    }
}
