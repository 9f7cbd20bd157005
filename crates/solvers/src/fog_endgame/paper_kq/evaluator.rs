//! The strategy's exact worst case against an omniscient black king: the
//! policy played against every answer of Black (the belief sets of
//! [`Game::branches`]), memoised on (White's men, S, memory); a line that
//! returns to a state already on it fails.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::board::{bits, Board};
use super::super::game::{Game, Reading};
use super::{Failure, Outcome, PaperKq, RaiseRule, Stage, StrategyLine, StrategyStep};

/// A multiply-and-fold hasher for the memo's packed keys.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let x = self.0;
        (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (x >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
}

pub(super) type Memo = HashMap<(u64, u32), Entry, BuildHasherDefault<KeyHasher>>;

#[derive(Clone, Copy)]
pub(super) enum Entry {
    OnLine,
    Done(Outcome),
}

pub(super) type CornerMemo = HashMap<(u64, u32), Option<u16>, BuildHasherDefault<KeyHasher>>;

impl PaperKq {
    pub(super) fn key(code: u32, set: u64, stage: Stage, seen: Option<u8>) -> (u64, u32) {
        let seen = seen.map_or(0, |s| s as u32 + 1);
        (set, code | stage.index() << 20 | seen << 24)
    }

    /// The belief sets after White's move to `after`, as
    /// [`Game::branches`], each with the square where White saw the king
    /// right after the move (`None`: unseen) — kept only for
    /// `paper`, the one reading that uses it.
    pub(super) fn sighted_branches(
        &self,
        after: &super::super::men::Info,
        set: u64,
    ) -> Vec<(u64, Option<u8>)> {
        let mut out = Vec::with_capacity(8);
        if self.raise_rule != RaiseRule::Paper || self.reading != Reading::Sighted {
            self.game().branches(after, set, |b| out.push((b, None)));
            return out;
        }
        let board = self.board();
        let visible = after.seen | after.occupied;
        let unseen = set & !after.seen;
        if unseen != 0 {
            out.push((board.king_steps(unseen) & !visible, None));
        }
        for sq in bits(set & after.seen) {
            out.push((board.king_steps(1 << sq) & !visible, Some(sq)));
        }
        out
    }

    /// The strategy's outcome from White's men `code` and belief set `set`
    /// (White to move, S unseen, not empty) in `stage`.
    pub fn outcome(&mut self, code: u32, set: u64, stage: Stage) -> Outcome {
        self.outcome_seen(code, set, stage, None)
    }

    /// As [`PaperKq::outcome`], White having seen the king on `seen` right
    /// after its last move.
    pub fn outcome_seen(&mut self, code: u32, set: u64, stage: Stage, seen: Option<u8>) -> Outcome {
        let key = Self::key(code, set, stage, seen);
        match self.memo.get(&key) {
            Some(Entry::Done(o)) => return *o,
            Some(Entry::OnLine) => {
                let p = self.table.placement(code);
                self.origins.push((Failure::Loop, [p[0], p[1]], set, stage));
                return Outcome::Failed(Failure::Loop);
            }
            None => {}
        }
        self.memo.insert(key, Entry::OnLine);
        let outcome = self.play(code, set, stage, seen);
        self.memo.insert(key, Entry::Done(outcome));
        outcome
    }

    pub(super) fn play(&mut self, code: u32, set: u64, stage: Stage, seen: Option<u8>) -> Outcome {
        let p = self.table.placement(code);
        let Some(d) = self.decide_seen(p[0], p[1], set, stage, seen) else {
            self.origins
                .push((Failure::NoRule, [p[0], p[1]], set, stage));
            return Outcome::Failed(Failure::NoRule);
        };
        let next = [d.king, d.queen, 0];
        if !self.table.valid(&next) {
            return Outcome::Failed(Failure::Illegal);
        }
        let to = self.table.code(&next);
        if !self.table.moves_of(code).contains(&to) {
            return Outcome::Failed(Failure::Illegal);
        }
        let after = *self.table.get(to);
        if !Game::safe(&after, set) {
            self.origins
                .push((Failure::Unsafe, [p[0], p[1]], set, stage));
            return Outcome::Failed(Failure::Unsafe);
        }
        let mut worst = 1u16;
        for (b, sight) in self.sighted_branches(&after, set) {
            if b == 0 {
                continue;
            }
            match self.outcome_seen(to, b, d.stage, sight) {
                Outcome::Won(v) => worst = worst.max(v),
                failed => return failed,
            }
        }
        Outcome::Won(worst + 1)
    }

    /// Stage 1 alone: the most White moves, against any defence, until
    /// the corner configuration stands (or the king is captured, the
    /// capture counted), from men `code` and belief set `set`; `None` when
    /// Stage 1 fails (a loop, no rule, an unsafe or illegal move).
    pub fn corner_moves(&mut self, code: u32, set: u64) -> Option<u16> {
        let p = self.table.placement(code);
        if self.corner_configuration(p[0], p[1]) {
            return Some(0);
        }
        let key = (set, code);
        if let Some(v) = self.corner_memo.get(&key) {
            return *v;
        }
        self.corner_memo.insert(key, None);
        let value = (|| {
            let d = self.decide(p[0], p[1], set, Stage::Corner)?;
            let to = self.table.code(&[d.king, d.queen, 0]);
            let after = *self.table.get(to);
            if !self.table.moves_of(code).contains(&to) || !Game::safe(&after, set) {
                return None;
            }
            let mut branches: Vec<u64> = Vec::with_capacity(8);
            self.game().branches(&after, set, |b| branches.push(b));
            let mut worst = 0u16;
            for b in branches {
                let v = if b == 0 { 1 } else { self.corner_moves(to, b)? };
                worst = worst.max(v);
            }
            Some(worst + 1)
        })();
        self.corner_memo.insert(key, value);
        value
    }

    /// The strategy's outcome from a start (men, the black king's square).
    pub fn start_outcome(&mut self, code: u32, king: u8) -> Outcome {
        self.outcome(code, 1 << king, Stage::Corner)
    }

    /// The strategy's line from a start against the worst-case black king
    /// (the longest answer where the start is won; where it fails, an
    /// answer that keeps it failing), up to the capture, the failing move,
    /// or the return to a state already on the line.
    pub fn line(&mut self, code: u32, king: u8) -> StrategyLine {
        let outcome = self.start_outcome(code, king);
        let start = format!(
            "{} k{}",
            self.table.describe_placement(&self.table.placement(code)),
            Board::name(king)
        );
        let mut steps = Vec::new();
        let mut seen_states: Vec<(u32, u64, Stage, Option<u8>)> = Vec::new();
        let (mut code, mut set, mut stage, mut sight) = (code, 1u64 << king, Stage::Corner, None);
        let mut loops_to = None;
        while set != 0 {
            if let Some(i) = seen_states
                .iter()
                .position(|&x| x == (code, set, stage, sight))
            {
                loops_to = Some(i);
                break;
            }
            seen_states.push((code, set, stage, sight));
            let p = self.table.placement(code);
            let Some(d) = self.decide_seen(p[0], p[1], set, stage, sight) else {
                break;
            };
            let to = self.table.code(&[d.king, d.queen, 0]);
            let after = *self.table.get(to);
            let safe = Game::safe(&after, set);
            let branches = if safe {
                self.sighted_branches(&after, set)
            } else {
                Vec::new()
            };
            // Black's answer: a failing one first, else the longest.
            let mut worst = (0u16, 0u64, None);
            for (b, at) in branches {
                let v = if b == 0 {
                    1
                } else {
                    match self.outcome_seen(to, b, d.stage, at) {
                        Outcome::Won(v) => v,
                        Outcome::Failed(_) => u16::MAX,
                    }
                };
                if v > worst.0 {
                    worst = (v, b, at);
                }
            }
            steps.push(StrategyStep {
                rule: d.rule,
                white_move: format!(
                    "{}{}",
                    if d.king != p[0] { 'K' } else { 'Q' },
                    Board::name(if d.king != p[0] { d.king } else { d.queen })
                ),
                men: self.table.describe_placement(&[d.king, d.queen, 0]),
                belief: bits(worst.1).map(Board::name).collect(),
                safe,
            });
            if !safe {
                break;
            }
            code = to;
            set = worst.1;
            sight = worst.2;
            stage = d.stage;
        }
        StrategyLine {
            start,
            outcome,
            steps,
            loops_to,
        }
    }
}
