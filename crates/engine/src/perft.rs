//! Perft: counting the leaves of the move tree, for testing and benchmarks.

use crate::{Bitboard, Move, Position, RuleMode};

/// Counts the move sequences of exactly `depth` plies from `pos` under
/// `mode`. A position where the game is already decided by a rule of the
/// position (a royal man captured, or a variant win condition such as
/// Foolish King's) has no moves. Repetition and the 50-move rule are not
/// applied (as in standard perft).
pub fn perft<B: Bitboard>(pos: &Position<B>, depth: u32, mode: RuleMode) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_inner(pos, depth, mode, &mut buffers)
}

fn perft_inner<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    mode: RuleMode,
    buffers: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.needs_end_check(mode) && pos.decided().is_some() {
        return 0;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    pos.moves_into(mode, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for m in moves.iter() {
        let child = pos.after(m);
        nodes += perft_inner(&child, depth - 1, mode, rest);
    }
    nodes
}

/// Perft split by first move: each legal move with the number of leaves
/// below it, in generation order.
pub fn perft_divide<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    mode: RuleMode,
) -> Vec<(Move, u64)> {
    if depth == 0 || (pos.needs_end_check(mode) && pos.decided().is_some()) {
        return Vec::new();
    }
    pos.moves(mode)
        .into_iter()
        .map(|m| (m, perft(&pos.after(&m), depth - 1, mode)))
        .collect()
}
