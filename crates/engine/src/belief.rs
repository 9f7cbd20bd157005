//! Beliefs: the true matches a player cannot tell apart from what it has
//! been told. Grouping matches by one player's whole [`Observation`] is how
//! the puzzle solver splits a belief after an attempt, and how a player
//! that keeps a belief about hidden men will: the information model alone
//! decides what a player learns.

use crate::{Bitboard, Color, Match, Observation};

/// The matches grouped by what `player` is told in them, in first-seen
/// order.
pub fn split_by_view<B: Bitboard>(matches: Vec<Match<B>>, player: Color) -> Vec<Vec<Match<B>>> {
    let mut groups: Vec<(Observation, Vec<Match<B>>)> = Vec::new();
    for m in matches {
        let seen = m.observation(player);
        match groups.iter_mut().find(|(o, _)| *o == seen) {
            Some((_, g)) => g.push(m),
            None => groups.push((seen, vec![m])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// A belief's identity for memoisation: the distinct positions it holds,
/// sorted (histories that meet in one position count once).
pub fn positions_key<B: Bitboard>(matches: &[Match<B>]) -> Vec<String> {
    let mut fens: Vec<String> = matches.iter().map(|m| m.position().to_fen()).collect();
    fens.sort();
    fens.dedup();
    fens
}
