//! King + Rook vs King on n×n boards (the write-up "King & Rook vs King"), solved by retrograde
//! analysis without the 50-move rule.
//!
//! White has the king and rook, Black the lone king. [`solve`] fills a dense
//! table ([`KrkTable`]) of one byte per position for each side to move; the
//! table then answers the page's questions: a position's [`Value`], the legal
//! moves with their results best first ([`KrkTable::moves`]) and random start
//! positions ([`KrkTable::random_position`]). [`quadrant`] compares the
//! worst-case depth to mate with the write-up's infinite-quadrant strategy.
//!
//! # Counting conventions
//! These reproduce the write-up's 8×8 figures exactly (175,168 / 223,944 /
//! 22,244 / 16), with no reduction by symmetry:
//! - A position is the three squares of the white king, the white rook and
//!   the black king, which must be distinct, plus the side to move. The kings
//!   may not touch (not even diagonally).
//! - With **White to move** the black king may not be in check (the side not
//!   to move is never in check). A rook ray is blocked by the white king.
//!   On 8×8: 175,168 positions.
//! - With **Black to move** every such placement is legal, in check or not
//!   (the white king can never be in check). On 8×8: 3,612 king pairs × 62
//!   rook squares = 223,944 positions.
//! - Black may take the rook when it stands next to the black king and the
//!   white king does not guard it. Such a position counts as "rook
//!   capturable" (a draw: bare kings), whatever else Black could do. A
//!   position where Black is not in check and has no legal move (and no
//!   capture) is "stalemate". The write-up's "stalemate or rook capture" is the
//!   sum of the two (8×8: 22,244); the two never overlap.
//! - "Won" counts the positions where White forces mate, including
//!   checkmates already on the board with Black to move (8×8: all 175,168
//!   with White to move; 201,700 = 90.07% with Black to move, the remaining
//!   22,244 being exactly the stalemates and capturable rooks).
//! - Depth to mate (DTM) counts **White's moves**: with White to move, "win
//!   in N" means White mates with its N-th move (N ≥ 1, 2N − 1 plies); with
//!   Black to move, N is the number of White moves still needed after Black's
//!   best reply (N = 0: checkmated now; 2N plies). The 8×8 maximum is 16 for
//!   both sides to move.

pub mod geometry;
mod play;
pub mod quadrant;
#[cfg(test)]
mod reference;
mod solver;
pub mod strategy;

pub use geometry::{Square, SquareError, MAX_SIZE, MIN_SIZE};
pub use play::{Move, Piece, Position, PositionError, ScoredMove, Side, Value};
pub use solver::{cell, check_size, pass, solve, KrkTable};

use serde::{Deserialize, Serialize};

/// The figures of one solved board: position counts, depth-to-mate
/// histograms and memory. See the module docs for the counting conventions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KrkSummary {
    /// The board size n (an n×n board).
    pub size: usize,
    /// Legal positions with White (king and rook) to move.
    pub white_to_move_positions: u64,
    /// Of those, won by White (forced mate).
    pub white_to_move_won: u64,
    /// Of those, drawn.
    pub white_to_move_drawn: u64,
    /// Legal positions with Black (the lone king) to move.
    pub black_to_move_positions: u64,
    /// Of those, won by White, including `black_to_move_checkmated`.
    pub black_to_move_won: u64,
    /// Black to move and already checkmated (DTM 0).
    pub black_to_move_checkmated: u64,
    /// Black to move is stalemated.
    pub black_to_move_stalemate: u64,
    /// Black to move can take the undefended rook.
    pub black_to_move_rook_capturable: u64,
    /// `black_to_move_stalemate + black_to_move_rook_capturable` (the write-up's figure).
    pub black_to_move_stalemate_or_capture: u64,
    /// Black to move, drawn: stalemates, capturable rooks and any other draw.
    pub black_to_move_drawn: u64,
    /// The longest forced mate over both sides to move, in White moves.
    pub max_dtm: u32,
    /// The longest forced mate with White to move.
    pub max_dtm_white_to_move: u32,
    /// The longest forced mate with Black to move.
    pub max_dtm_black_to_move: u32,
    /// `dtm_white_to_move[d]`: positions with White to move that White mates
    /// in exactly `d` moves (index 0 is always 0).
    pub dtm_white_to_move: Vec<u64>,
    /// `dtm_black_to_move[d]`: positions with Black to move that White mates
    /// in exactly `d` more White moves (index 0: checkmated now).
    pub dtm_black_to_move: Vec<u64>,
    /// Bytes the solver held at its peak: both tables plus its rook sets
    /// and work lists, as counted by the solver (not measured from the allocator).
    pub peak_bytes: u64,
}

impl KrkSummary {
    /// The figures from how often each byte value occurs in the finished
    /// White-to-move and Black-to-move tables (see [`cell`]).
    fn from_counts(size: usize, white: &[u64; 256], black: &[u64; 256]) -> KrkSummary {
        let dtm = |counts: &[u64; 256]| {
            let mut histogram = counts[..=usize::from(cell::MAX_DTM)].to_vec();
            while histogram.last() == Some(&0) {
                histogram.pop();
            }
            histogram
        };
        let dtm_white_to_move = dtm(white);
        let dtm_black_to_move = dtm(black);
        let max = |h: &Vec<u64>| h.len().saturating_sub(1) as u32;
        let stalemate = black[usize::from(cell::STALEMATE)];
        let capturable = black[usize::from(cell::ROOK_CAPTURABLE)];
        let white_won: u64 = dtm_white_to_move.iter().sum();
        let black_won: u64 = dtm_black_to_move.iter().sum();
        let white_drawn = white[usize::from(cell::DRAW)];
        let black_drawn = black[usize::from(cell::DRAW)] + stalemate + capturable;
        KrkSummary {
            size,
            white_to_move_positions: white_won + white_drawn,
            white_to_move_won: white_won,
            white_to_move_drawn: white_drawn,
            black_to_move_positions: black_won + black_drawn,
            black_to_move_won: black_won,
            black_to_move_checkmated: black[0],
            black_to_move_stalemate: stalemate,
            black_to_move_rook_capturable: capturable,
            black_to_move_stalemate_or_capture: stalemate + capturable,
            black_to_move_drawn: black_drawn,
            max_dtm: max(&dtm_white_to_move).max(max(&dtm_black_to_move)),
            max_dtm_white_to_move: max(&dtm_white_to_move),
            max_dtm_black_to_move: max(&dtm_black_to_move),
            dtm_white_to_move,
            dtm_black_to_move,
            peak_bytes: 0,
        }
    }

    /// Percentage of positions with Black to move that White wins.
    pub fn black_to_move_won_percent(&self) -> f64 {
        percent(self.black_to_move_won, self.black_to_move_positions)
    }

    /// Percentage of positions with White to move that White wins.
    pub fn white_to_move_won_percent(&self) -> f64 {
        percent(self.white_to_move_won, self.white_to_move_positions)
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}
