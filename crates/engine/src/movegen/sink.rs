//! Counting the legal moves while writing only some of them. A search that
//! needs how many moves a position has (its node count) but plays only a
//! few kinds of them (the last move of a mate search plays only the moves
//! that may check) asks [`Position::count_moves_keeping`] instead of
//! generating the whole list: the orthodox fast path then counts a man's
//! destinations with one population count and writes only the kept ones.

use crate::{Bitboard, Move, MoveKind, Position, Role, RuleMode, Square};

/// Which moves [`Position::count_moves_keeping`] writes: every move of a
/// man standing on `movers`, every move of a role to its squares in
/// `targets`, and every castling, en passant capture and promotion.
#[derive(Clone, Copy, Debug)]
pub struct MoveFilter<B: Bitboard> {
    /// Men whose every move is kept.
    pub movers: B,
    /// By role (`Role::index`), the destinations whose moves are kept.
    pub targets: [B; Role::COUNT],
}

impl<B: Bitboard> MoveFilter<B> {
    /// Whether `m` is one of the moves this filter keeps.
    #[inline]
    pub fn keeps(&self, m: &Move) -> bool {
        !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            || m.promotion.is_some()
            || self.movers.contains(m.from)
            || self.targets[m.role.index()].contains(m.to)
    }
}

/// Where the orthodox fast path writes its moves: the whole list
/// (`Vec<Move>`), or a count of them all with only some written
/// ([`Kept`]). The generator calls the same methods either way, so both
/// see the moves in the same order.
pub(crate) trait MoveSink<B: Bitboard> {
    /// Of `targets`, the destinations of a man of `role` on `from`, the
    /// ones whose moves are to be written with [`MoveSink::write`]; all of
    /// them are counted.
    fn kept_targets(&mut self, role: Role, from: Square, targets: B) -> B;
    /// A move already counted by [`MoveSink::kept_targets`].
    fn write(&mut self, m: Move);
    /// One move, counted and written if kept.
    fn push(&mut self, m: Move);
    /// The moves `generate` writes into a list, each counted and written
    /// if kept (for the rare moves only the general generator lists).
    fn push_listed(&mut self, generate: impl FnOnce(&mut Vec<Move>));
}

impl<B: Bitboard> MoveSink<B> for Vec<Move> {
    #[inline]
    fn kept_targets(&mut self, _: Role, _: Square, targets: B) -> B {
        targets
    }
    #[inline]
    fn write(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline]
    fn push_listed(&mut self, generate: impl FnOnce(&mut Vec<Move>)) {
        generate(self);
    }
}

/// The sink of [`Position::count_moves_keeping`]: every move counted, the
/// ones its filter keeps written into `out`.
pub(crate) struct Kept<'a, B: Bitboard> {
    filter: &'a MoveFilter<B>,
    out: &'a mut Vec<Move>,
    count: usize,
}

impl<B: Bitboard> MoveSink<B> for Kept<'_, B> {
    #[inline]
    fn kept_targets(&mut self, role: Role, from: Square, targets: B) -> B {
        self.count += targets.count() as usize;
        if self.filter.movers.contains(from) {
            targets
        } else {
            targets & self.filter.targets[role.index()]
        }
    }
    #[inline]
    fn write(&mut self, m: Move) {
        self.out.push(m);
    }
    #[inline]
    fn push(&mut self, m: Move) {
        self.count += 1;
        if self.filter.keeps(&m) {
            self.out.push(m);
        }
    }
    fn push_listed(&mut self, generate: impl FnOnce(&mut Vec<Move>)) {
        let start = self.out.len();
        generate(self.out);
        self.count += self.out.len() - start;
        let filter = self.filter;
        // The moves written before stay; of the new ones, the kept.
        let mut i = 0;
        self.out.retain(|m| {
            let keep = i < start || filter.keeps(m);
            i += 1;
            keep
        });
    }
}

impl<B: Bitboard> Position<B> {
    /// The number of moves of `mode` (`moves(mode).len()`), with only the
    /// ones `filter` keeps written into `out` (cleared first), in the
    /// order of [`Position::moves_into`]. Under orthodox rules with the
    /// orthodox roles and a king to move the others are counted without
    /// being written; elsewhere the whole list is generated and filtered.
    pub fn count_moves_keeping(
        &self,
        mode: RuleMode,
        filter: &MoveFilter<B>,
        out: &mut Vec<Move>,
    ) -> usize {
        out.clear();
        if mode == RuleMode::Orthodox && self.rules.orthodox {
            if let Some(king) = self.king_of(self.turn) {
                let mut kept = Kept {
                    filter,
                    out,
                    count: 0,
                };
                self.generate_orthodox_legal(&mut kept, king);
                return kept.count;
            }
        }
        self.moves_into(mode, out);
        let count = out.len();
        out.retain(|m| filter.keeps(m));
        count
    }
}
