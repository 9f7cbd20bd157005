//! The search: a forward closure of every belief state reachable from the
//! starts (White to move, the king unseen), then a backward pass that gives
//! each state its worst-case number of White moves to capture the king.
//!
//! Forward: a state's safe moves lead to one belief set each (blind reading)
//! or to one per thing White may see (sighted reading). A move whose every
//! belief set is empty wins in two moves (this one and the capture); such a
//! state needs no more exploring, since two is the least any state takes.
//!
//! Within one move, a belief set contained in another is dropped: a subset
//! of the king's squares is never worse for White (whatever wins against
//! the larger set wins against the smaller), so the move's worst case is
//! among the sets that remain.
//!
//! Backward: breadth-first by value. A state is worth k + 1 once one of its
//! moves has every belief set resolved, the last of them at k (a move with
//! one belief set is an edge; one with several is a node with a counter).
//! States never reached this way are not won: Black, knowing everything,
//! keeps the king among unresolved belief sets forever.

use super::game::Game;
use super::states::States;
use crate::progress::{Cancelled, Progress};

/// Names of the passes reported through [`Progress`].
pub mod pass {
    pub const CLOSURE: &str = "belief states";
    pub const VALUES: &str = "values";
}

/// The most bytes the closure and its backward pass may need (states,
/// forward and reverse edges); past it the search stops with
/// [`Stop::TooLarge`] rather than exhaust the memory. 8×8 K+R+R needs more:
/// its figures come from the rounds search.
pub const BYTE_LIMIT: u64 = 3_000_000_000;

/// A reverse edge names a state (one-branch move) or, with this bit, a
/// move node.
const NODE: u32 = 1 << 31;
/// Marks the first belief set of a move in the forward list.
const FIRST: u32 = 1 << 31;

/// Every reachable state and its value.
pub struct Solved {
    pub states: States,
    /// White moves to capture the king against the worst defence
    /// (0: not won).
    pub values: Vec<u16>,
    /// The most bytes the search held at once (its own arrays).
    pub peak_bytes: u64,
}

/// Why a search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Cancelled,
    TooLarge,
}

impl From<Cancelled> for Stop {
    fn from(_: Cancelled) -> Stop {
        Stop::Cancelled
    }
}

/// Solves every state reachable from `seeds` (canonical states).
pub fn solve(
    game: &Game,
    seeds: impl IntoIterator<Item = (u32, u64)>,
    progress: &mut dyn Progress,
) -> Result<Solved, Stop> {
    let mut states = States::new();
    for (code, set) in seeds {
        states.insert(code, set).map_err(|_| Stop::TooLarge)?;
    }
    let table = game.table;
    let mut values: Vec<u16> = Vec::new();
    // Forward lists: per state, its moves' belief-state ids, the first of
    // each move marked.
    let mut forward_start: Vec<u32> = Vec::new();
    let mut forward: Vec<u32> = Vec::new();
    let mut branches: Vec<u64> = Vec::with_capacity(16);
    let mut id = 0usize;
    while id < states.len() {
        if id.is_multiple_of(1 << 16) {
            progress.report(pass::CLOSURE, id as u64, states.len() as u64)?;
        }
        if id.is_multiple_of(1024)
            && states.bytes() + 8 * forward.len() as u64 + 12 * states.len() as u64 > BYTE_LIMIT
        {
            return Err(Stop::TooLarge);
        }
        let (code, set) = states.get(id as u32);
        forward_start.push(forward.len() as u32);
        let moves = table.moves_of(code);
        // A move after which every step of the king is seen: worth 2.
        let mut wins_now = false;
        for &to in moves {
            let after = table.get(to);
            if !Game::safe(after, set) {
                continue;
            }
            let mut all_empty = true;
            game.branches(after, set, |b| all_empty &= b == 0);
            if all_empty {
                wins_now = true;
                break;
            }
        }
        values.push(if wins_now { 2 } else { 0 });
        if !wins_now {
            for &to in moves {
                let after = table.get(to);
                if !Game::safe(after, set) {
                    continue;
                }
                branches.clear();
                game.branches(after, set, |b| {
                    if b != 0 {
                        branches.push(b)
                    }
                });
                keep_largest(&mut branches);
                let mut first = FIRST;
                for &b in &branches {
                    let (c, s) = game.canonical(to, b);
                    let next = states.insert(c, s).map_err(|_| Stop::TooLarge)?;
                    if next & FIRST != 0 || forward.len() >= u32::MAX as usize {
                        return Err(Stop::TooLarge);
                    }
                    forward.push(next | first);
                    first = 0;
                }
            }
        }
        id += 1;
    }
    forward_start.push(forward.len() as u32);
    progress.report(pass::CLOSURE, id as u64, states.len() as u64)?;
    states.shrink();
    let n = states.len();
    let closure_bytes = states.bytes()
        + (forward.capacity() * 4 + forward_start.capacity() * 4) as u64
        + n as u64 * 2;

    // Reverse lists, by counting.
    let mut reverse_start = vec![0u32; n + 1];
    for &e in &forward {
        reverse_start[(e & !FIRST) as usize + 1] += 1;
    }
    for i in 0..n {
        reverse_start[i + 1] += reverse_start[i];
    }
    let mut fill = reverse_start.clone();
    let mut reverse = vec![0u32; forward.len()];
    let mut node_parent: Vec<u32> = Vec::new();
    let mut node_count: Vec<u8> = Vec::new();
    for u in 0..n {
        let list = &forward[forward_start[u] as usize..forward_start[u + 1] as usize];
        let mut i = 0;
        while i < list.len() {
            let mut j = i + 1;
            while j < list.len() && list[j] & FIRST == 0 {
                j += 1;
            }
            let reference = if j - i == 1 {
                u as u32
            } else {
                if node_parent.len() >= (NODE - 1) as usize || j - i > u8::MAX as usize {
                    return Err(Stop::TooLarge);
                }
                node_parent.push(u as u32);
                node_count.push((j - i) as u8);
                (node_parent.len() - 1) as u32 | NODE
            };
            for &e in &list[i..j] {
                let v = (e & !FIRST) as usize;
                reverse[fill[v] as usize] = reference;
                fill[v] += 1;
            }
            i = j;
        }
    }
    let backward_bytes = (reverse.capacity() * 4
        + reverse_start.capacity() * 4 * 2
        + node_parent.capacity() * 5) as u64;
    let peak_bytes = closure_bytes + backward_bytes;
    drop(fill);
    drop(forward);
    drop(forward_start);

    // Breadth-first by value.
    let mut queue: Vec<u32> = (0..n as u32).filter(|&u| values[u as usize] == 2).collect();
    let mut head = 0;
    while head < queue.len() {
        if head.is_multiple_of(1 << 16) {
            progress.report(pass::VALUES, head as u64, n as u64)?;
        }
        let v = queue[head] as usize;
        head += 1;
        let k = values[v];
        for &r in &reverse[reverse_start[v] as usize..reverse_start[v + 1] as usize] {
            let u = if r & NODE == 0 {
                r as usize
            } else {
                let j = (r & !NODE) as usize;
                node_count[j] -= 1;
                if node_count[j] != 0 {
                    continue;
                }
                node_parent[j] as usize
            };
            if values[u] == 0 {
                values[u] = k.checked_add(1).ok_or(Stop::TooLarge)?;
                queue.push(u as u32);
            }
        }
    }
    progress.report(pass::VALUES, n as u64, n as u64)?;
    let peak_bytes = peak_bytes + queue.capacity() as u64 * 4;
    Ok(Solved {
        states,
        values,
        peak_bytes,
    })
}

/// Drops every belief set contained in another of the same move (and
/// repeats): a subset is never worse for White, so the move's worst case
/// is among the rest.
fn keep_largest(branches: &mut Vec<u64>) {
    if branches.len() < 2 {
        return;
    }
    branches.sort_unstable_by_key(|b| std::cmp::Reverse(b.count_ones()));
    let mut kept = 0;
    for i in 0..branches.len() {
        let b = branches[i];
        if branches[..kept].iter().all(|&k| b & !k != 0) {
            branches[kept] = b;
            kept += 1;
        }
    }
    branches.truncate(kept);
}
