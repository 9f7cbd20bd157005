//! Position evaluations and their one-byte codes.
//!
//! The solver stores one byte per position. The codes are ordered like the
//! evaluations (Hounds win in 0 < Hounds win in 1 < … < Fox win in 1 < Fox
//! win in 0), so the fox maximises and the hounds minimise the byte itself.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// Not reachable from the initial position (or not yet found).
pub(crate) const UNREACHED: u8 = 0;
/// Reachable and not terminal, value not computed yet.
pub(crate) const PENDING: u8 = 1;
/// `HOUNDS_WIN_0 + N` is "Hounds win in N".
pub(crate) const HOUNDS_WIN_0: u8 = 2;
/// `FOX_WIN_0 − N` is "Fox win in N".
pub(crate) const FOX_WIN_0: u8 = 255;
/// Codes above this are fox wins. A game lasts at most
/// `2 × hounds × (n − 1) + 1 ≤ 91` plies for n ≤ 10, so the ranges never meet.
const LAST_HOUNDS_WIN: u8 = 127;

/// The value of a position under perfect play, in plies (half-moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Evaluation {
    HoundsWin { plies: u8 },
    FoxWin { plies: u8 },
}

impl Evaluation {
    /// The solver's byte for this evaluation.
    pub(crate) fn code(self) -> u8 {
        match self {
            Evaluation::HoundsWin { plies } => HOUNDS_WIN_0 + plies,
            Evaluation::FoxWin { plies } => FOX_WIN_0 - plies,
        }
    }

    /// The evaluation of a solver byte (which must not be a sentinel).
    pub(crate) fn from_code(code: u8) -> Option<Evaluation> {
        match code {
            UNREACHED | PENDING => None,
            c if c <= LAST_HOUNDS_WIN => Some(Evaluation::HoundsWin {
                plies: c - HOUNDS_WIN_0,
            }),
            c => Some(Evaluation::FoxWin {
                plies: FOX_WIN_0 - c,
            }),
        }
    }

    pub fn winner(self) -> super::Side {
        match self {
            Evaluation::HoundsWin { .. } => super::Side::Hounds,
            Evaluation::FoxWin { .. } => super::Side::Fox,
        }
    }

    /// Plies until the game ends under perfect play.
    pub fn plies(self) -> u8 {
        match self {
            Evaluation::HoundsWin { plies } | Evaluation::FoxWin { plies } => plies,
        }
    }
}

/// The code of a position one ply before a position with code `child`.
#[inline]
pub(crate) fn one_ply_earlier(child: u8) -> u8 {
    if child <= LAST_HOUNDS_WIN {
        child + 1
    } else {
        child - 1
    }
}

#[inline]
pub(crate) fn is_fox_win(code: u8) -> bool {
    code > LAST_HOUNDS_WIN
}

#[inline]
pub(crate) fn is_terminal(code: u8) -> bool {
    code == HOUNDS_WIN_0 || code == FOX_WIN_0
}

impl Ord for Evaluation {
    /// Better for the fox is greater.
    fn cmp(&self, other: &Evaluation) -> Ordering {
        self.code().cmp(&other.code())
    }
}

impl PartialOrd for Evaluation {
    fn partial_cmp(&self, other: &Evaluation) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The write-up's wording: "Hounds win in 44", "Fox win in 21".
impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evaluation::HoundsWin { plies } => write!(f, "Hounds win in {plies}"),
            Evaluation::FoxWin { plies } => write!(f, "Fox win in {plies}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_seed_order() {
        let order = [
            Evaluation::HoundsWin { plies: 0 },
            Evaluation::HoundsWin { plies: 1 },
            Evaluation::HoundsWin { plies: 95 },
            Evaluation::FoxWin { plies: 95 },
            Evaluation::FoxWin { plies: 1 },
            Evaluation::FoxWin { plies: 0 },
        ];
        for pair in order.windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(pair[0].code() < pair[1].code());
        }
        for e in order {
            assert_eq!(Evaluation::from_code(e.code()), Some(e));
        }
        assert_eq!(one_ply_earlier(HOUNDS_WIN_0), HOUNDS_WIN_0 + 1);
        assert_eq!(one_ply_earlier(FOX_WIN_0), FOX_WIN_0 - 1);
        assert_eq!(
            Evaluation::HoundsWin { plies: 44 }.to_string(),
            "Hounds win in 44"
        );
    }
}
