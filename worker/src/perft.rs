//! The perft domain (the About page's move-generator check): count the
//! leaves of the legal-move tree from a position, split by first move.

use fogbound_engine::{
    perft, Bitboard, Bitboard128, Bitboard256, Bitboard64, Position, RuleMode, Variant,
};
use serde::{Deserialize, Serialize};

use super::protocol::{Domain, DomainId};
use super::Report;

/// The perft domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PerftJobs;

impl Domain for PerftJobs {
    const ID: DomainId = DomainId::Perft;
    type Job = PerftJob;
    type Answer = PerftAnswer;
}

/// Count the leaves of the legal-move tree to `depth`, the standard check
/// of a move generator, from `fen` (or the variant's start position).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftJob {
    /// An id of the engine's catalogue (`chess`).
    pub variant: String,
    pub fen: Option<String>,
    pub depth: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftAnswer {
    pub nodes: u64,
    /// Each first move (coordinates) and the leaves below it.
    pub divide: Vec<(String, u64)>,
}

/// The deepest perft the page offers; deeper trees take hours.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// Runs `job`, reporting after each first move. Bad input (an unknown
/// variant, a malformed FEN, an absurd depth) is an `Err` with a message
/// for the page, never a panic.
pub fn run(job: &PerftJob, report: Report<'_>) -> Result<PerftAnswer, String> {
    let PerftJob {
        variant,
        fen,
        depth,
    } = job;
    if *depth == 0 || *depth > MAX_PERFT_DEPTH {
        return Err(format!("depth must be between 1 and {MAX_PERFT_DEPTH}"));
    }
    let variant = Variant::by_id(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    // The bitboard fits the board's size (the engine's dispatch).
    let geometry = variant.geometry();
    let squares = usize::from(geometry.width()) * usize::from(geometry.height());
    let fen = fen.as_deref();
    if squares <= 64 {
        perft_on::<Bitboard64>(&variant, fen, *depth, report)
    } else if squares <= 128 {
        perft_on::<Bitboard128>(&variant, fen, *depth, report)
    } else {
        perft_on::<Bitboard256>(&variant, fen, *depth, report)
    }
}

fn perft_on<B: Bitboard>(
    variant: &Variant,
    fen: Option<&str>,
    depth: u32,
    report: Report<'_>,
) -> Result<PerftAnswer, String> {
    let position = match fen {
        Some(fen) => Position::<B>::from_fen(variant, fen),
        None => Position::<B>::start(variant),
    }
    .map_err(|e| format!("that position cannot be read: {e}"))?;
    let mode = RuleMode::Orthodox;
    let moves = position.moves(mode);
    let total = moves.len() as u64;
    let mut divide = Vec::with_capacity(moves.len());
    for (done, m) in moves.iter().enumerate() {
        report("counting", done as u64, total);
        let nodes = perft(&position.after(m), depth - 1, mode);
        divide.push((position.to_coord(m), nodes));
    }
    report("counting", total, total);
    let nodes = divide.iter().map(|(_, n)| n).sum();
    Ok(PerftAnswer { nodes, divide })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiet;

    fn job(variant: &str, fen: Option<&str>, depth: u32) -> PerftJob {
        PerftJob {
            variant: variant.into(),
            fen: fen.map(String::from),
            depth,
        }
    }

    #[test]
    fn perft_counts_and_divides() {
        let mut reports = 0;
        let mut report = |_: &str, _: u64, _: u64| reports += 1;
        let answer = run(&job("chess", None, 3), &mut report).unwrap();
        assert_eq!(answer.nodes, 8_902);
        assert_eq!(answer.divide.len(), 20);
        assert!(reports >= 20);
        assert!(run(&job("foolish-king", None, 1), &mut quiet()).is_ok());
    }

    #[test]
    fn bad_perft_input_is_an_error_not_a_panic() {
        let bad = [
            job(
                "chess",
                Some("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                2,
            ),
            job("chess", Some(""), 2),
            job("checkers", None, 2),
            job("chess", None, 0),
            job("chess", None, 99),
        ];
        for job in bad {
            let error = run(&job, &mut quiet()).unwrap_err();
            assert!(!error.is_empty());
        }
    }
}
