//! The strategy's exact worst case: a one-player search over every Black
//! reply from every White-to-move start, memoised by position (the policy
//! is memoryless); a stalemate, a lost rook or a cycle Black can force is
//! a failure ([`exhaustive_worst_case`], [`failing_line`]).

use serde::{Deserialize, Serialize};

use super::super::play::{Position, Side};
use super::{Pieces, Status, Strategy};

/// The exact worst case of the fixed strategy over all White-to-move starts
/// of the n×n board: a one-player search over Black's replies only, memoised
/// by White-to-move position (the policy is memoryless, so each position's
/// worst case is a number). Uses `2·n⁶` bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exhaustive {
    pub size: usize,
    /// White-to-move legal starts examined.
    pub starts: u64,
    /// Starts from which Black can hold the strategy off (stalemate, rook
    /// capture or a forced cycle). 0 means the strategy always mates.
    pub failures: u64,
    /// The most White moves the strategy needs against Black's best resistance.
    pub worst_moves: u32,
    /// A start attaining `worst_moves`.
    pub worst_start: Option<Position>,
    /// A failing start, if any.
    pub failing_start: Option<Position>,
}

pub(super) const UNKNOWN: u16 = 0;

pub(super) const ON_STACK: u16 = 1;

pub(super) const FAILED: u16 = u16::MAX;

/// Runs the one-player search (see [`Exhaustive`]).
pub fn exhaustive_worst_case(strategy: &Strategy) -> Exhaustive {
    let n = strategy.size();
    let total = n.pow(6);
    // memo: 0 unknown, 1 on the stack, FAILED, else worst White moves + 2.
    let mut memo = vec![UNKNOWN; total];
    let mut result = Exhaustive {
        size: n,
        starts: 0,
        failures: 0,
        worst_moves: 0,
        worst_start: None,
        failing_start: None,
    };
    for i in 0..total {
        let p = strategy.unindex(i);
        let pos = Strategy::to_position_unchecked(p);
        let Some(pos) = pos.filter(|q| strategy.is_legal_white_to_move(q)) else {
            continue;
        };
        result.starts += 1;
        let v = worst_from(strategy, &mut memo, p);
        if v == FAILED {
            result.failures += 1;
            result.failing_start.get_or_insert(pos);
        } else if u32::from(v - 2) > result.worst_moves {
            result.worst_moves = u32::from(v - 2);
            result.worst_start = Some(pos);
        }
    }
    result
}

/// The worst case from a legal White-to-move position, memoised, iterative.
pub(super) fn worst_from(strategy: &Strategy, memo: &mut [u16], start: Pieces) -> u16 {
    struct Frame {
        index: usize,
        replies: Vec<Pieces>,
        next: usize,
        worst: u16,
    }
    let mut stack: Vec<Frame> = Vec::new();
    // Enter a White-to-move position: either it is known, or push a frame.
    // Returns Some(value) if known immediately.
    let enter = |p: Pieces, memo: &mut [u16], stack: &mut Vec<Frame>| -> Option<u16> {
        let index = strategy.index(p);
        match memo[index] {
            UNKNOWN => {}
            ON_STACK => return Some(FAILED),
            v => return Some(v),
        }
        let (q, _) = strategy.choose_pieces(p);
        let value = match strategy.status(q) {
            Status::Mate => Some(3),
            Status::Stalemate | Status::RookHangs => Some(FAILED),
            Status::Ongoing => None,
        };
        if let Some(v) = value {
            memo[index] = v;
            return Some(v);
        }
        memo[index] = ON_STACK;
        let replies = strategy
            .black_moves(q)
            .0
            .into_iter()
            .map(|b| Pieces { b, ..q })
            .collect();
        stack.push(Frame {
            index,
            replies,
            next: 0,
            worst: 0,
        });
        None
    };
    if let Some(v) = enter(start, memo, &mut stack) {
        return v;
    }
    let mut carried: Option<u16> = None;
    loop {
        let top = stack.last_mut().expect("a frame");
        if let Some(v) = carried.take() {
            top.worst = if v == FAILED || top.worst == FAILED {
                FAILED
            } else {
                top.worst.max(v)
            };
        }
        if top.worst != FAILED && top.next < top.replies.len() {
            let child = top.replies[top.next];
            top.next += 1;
            if let Some(v) = enter(child, memo, &mut stack) {
                carried = Some(v);
            }
            continue;
        }
        let frame = stack.pop().expect("a frame");
        let value = if frame.worst == FAILED {
            FAILED
        } else {
            frame.worst.saturating_add(1).min(FAILED - 1)
        };
        memo[frame.index] = value;
        if stack.is_empty() {
            return value;
        }
        carried = Some(value);
    }
}

/// A line of play (White-to-move positions, the start first) along which
/// Black holds the strategy off from `start`: it ends in a position where
/// the strategy's move stalemates or loses the rook, or in a position that
/// already occurred (a cycle Black can force). `None` if the strategy
/// mates against every defence from `start`.
pub fn failing_line(strategy: &Strategy, start: &Position) -> Option<Vec<Position>> {
    fn go(
        s: &Strategy,
        p: Pieces,
        path: &mut Vec<Pieces>,
        good: &mut std::collections::HashSet<Pieces>,
    ) -> bool {
        if good.contains(&p) {
            return false;
        }
        if path.contains(&p) {
            path.push(p);
            return true;
        }
        path.push(p);
        let (q, _) = s.choose_pieces(p);
        let failed = match s.status(q) {
            Status::Mate => false,
            Status::Stalemate | Status::RookHangs => true,
            Status::Ongoing => s
                .black_moves(q)
                .0
                .into_iter()
                .any(|b| go(s, Pieces { b, ..q }, path, good)),
        };
        if !failed {
            path.pop();
            good.insert(p);
        }
        failed
    }
    if !strategy.is_legal_white_to_move(start) {
        return None;
    }
    let mut path = Vec::new();
    let mut good = std::collections::HashSet::new();
    go(strategy, Strategy::to_pieces(start), &mut path, &mut good).then(|| {
        path.into_iter()
            .map(|p| Strategy::to_position(p, Side::White))
            .collect()
    })
}
