//! [`AnyMatch`]: a [`Match`] on the bitboard its board needs, picked from
//! the board size, so the app never writes generics; with the
//! `one-bitboard` feature (the page's build) every match is on one width.

use core::fmt;

use crate::matches::{AttemptError, AttemptResult, GameEvent, LogEntry, Match, MatchError, Ply};
use crate::observation::{Announcement, Observation, SeenMove};
use crate::{
    Attempt, Bitboard128, ByColor, Color, Geometry, ModelSpec, MoveTextError, Outcome, RuleMode,
    Variant,
};

/// The bitboard of boards of at most 64 squares.
#[cfg(not(feature = "one-bitboard"))]
pub type SmallBoard = crate::Bitboard64;
/// The bitboard of boards of more than 128 squares.
#[cfg(not(feature = "one-bitboard"))]
pub type LargeBoard = crate::Bitboard256;
// The page's build: one copy of the generic engine code instead of three
// (a third of the page's download); it plays boards of at most 128
// squares, every variant of the catalogue, a little slower on 8×8.
#[cfg(feature = "one-bitboard")]
pub type SmallBoard = Bitboard128;
#[cfg(feature = "one-bitboard")]
pub type LargeBoard = Bitboard128;

/// A [`Match`] on the bitboard its board needs: at most 64 squares
/// [`crate::Bitboard64`], 128 [`Bitboard128`], else [`crate::Bitboard256`]. With the
/// `one-bitboard` feature every match is on [`Bitboard128`] and a larger
/// board is [`MatchError::BoardTooLarge`].
#[derive(Clone, Debug)]
pub enum AnyMatch {
    B64(Match<SmallBoard>),
    B128(Match<Bitboard128>),
    B256(Match<LargeBoard>),
}

macro_rules! dispatch {
    ($self:expr, $m:ident => $e:expr) => {
        match $self {
            AnyMatch::B64($m) => $e,
            AnyMatch::B128($m) => $e,
            AnyMatch::B256($m) => $e,
        }
    };
}

impl AnyMatch {
    /// A match of `variant` under `spec` from `start_fen` (default: the
    /// variant's start).
    pub fn new(
        variant: &Variant,
        spec: ModelSpec,
        start_fen: Option<&str>,
    ) -> Result<AnyMatch, MatchError> {
        let n = variant.width as usize * variant.height as usize;
        if cfg!(feature = "one-bitboard") {
            return if n <= 128 {
                Ok(AnyMatch::B128(Match::new(variant, spec, start_fen)?))
            } else {
                Err(MatchError::BoardTooLarge { squares: n })
            };
        }
        Ok(if n <= 64 {
            AnyMatch::B64(Match::new(variant, spec, start_fen)?)
        } else if n <= 128 {
            AnyMatch::B128(Match::new(variant, spec, start_fen)?)
        } else {
            AnyMatch::B256(Match::new(variant, spec, start_fen)?)
        })
    }

    pub fn variant(&self) -> &Variant {
        dispatch!(self, m => m.variant())
    }
    pub fn spec(&self) -> &ModelSpec {
        dispatch!(self, m => m.spec())
    }
    pub fn mode(&self) -> RuleMode {
        dispatch!(self, m => m.mode())
    }
    pub fn geometry(&self) -> Geometry {
        dispatch!(self, m => m.geometry())
    }
    pub fn turn(&self) -> Color {
        dispatch!(self, m => m.turn())
    }
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, m => m.outcome())
    }
    pub fn attempt(
        &mut self,
        player: Color,
        attempt: Attempt,
    ) -> Result<AttemptResult, AttemptError> {
        dispatch!(self, m => m.attempt(player, attempt))
    }
    /// Reads attempt text ([`Match::parse_attempt`]: coordinates or SAN
    /// against the player's own picture) and tries it.
    pub fn attempt_text(
        &mut self,
        player: Color,
        text: &str,
    ) -> Result<AttemptResult, AttemptTextError> {
        let a = self
            .parse_attempt(player, text)
            .map_err(AttemptTextError::Text)?;
        self.attempt(player, a).map_err(AttemptTextError::Attempt)
    }
    /// See [`Match::parse_attempt`].
    pub fn parse_attempt(&self, player: Color, text: &str) -> Result<Attempt, MoveTextError> {
        dispatch!(self, m => m.parse_attempt(player, text))
    }
    /// See [`Match::attempt_san`].
    pub fn attempt_san(&self, player: Color, a: &crate::MoveAttempt) -> String {
        dispatch!(self, m => m.attempt_san(player, a))
    }
    /// See [`Match::why_no_move`].
    pub fn why_no_move(&self, player: Color, text: &str) -> Option<String> {
        dispatch!(self, m => m.why_no_move(player, text))
    }
    /// See [`Match::castling_choices`].
    pub fn castling_choices(
        &self,
        player: Color,
        from: crate::Square,
        to: crate::Square,
    ) -> Vec<Option<crate::Square>> {
        dispatch!(self, m => m.castling_choices(player, from, to))
    }
    pub fn observation(&self, player: Color) -> Observation {
        dispatch!(self, m => m.observation(player))
    }
    pub fn observations(&self) -> ByColor<Observation> {
        dispatch!(self, m => m.observations())
    }
    pub fn log(&self) -> &[LogEntry] {
        dispatch!(self, m => m.log())
    }
    pub fn announcements(&self) -> &[Announcement] {
        dispatch!(self, m => m.announcements())
    }
    pub fn plies(&self) -> &[Ply] {
        dispatch!(self, m => m.plies())
    }
    pub fn event(&self) -> Option<GameEvent> {
        dispatch!(self, m => m.event())
    }
    pub fn end(&mut self, event: GameEvent) -> Result<Outcome, AttemptError> {
        dispatch!(self, m => m.end(event))
    }
    pub fn resign(&mut self, color: Color) -> Result<Outcome, AttemptError> {
        dispatch!(self, m => m.resign(color))
    }
    pub fn agree_draw(&mut self) -> Result<Outcome, AttemptError> {
        dispatch!(self, m => m.agree_draw())
    }
    pub fn flag_fall(&mut self, color: Color) -> Result<Outcome, AttemptError> {
        dispatch!(self, m => m.flag_fall(color))
    }
    /// The true position's FEN (host, review after the game).
    pub fn fen(&self) -> String {
        dispatch!(self, m => m.position().to_fen())
    }
    /// The FEN of the start position.
    pub fn start_fen(&self) -> String {
        dispatch!(self, m => m.positions()[0].to_fen())
    }
    /// The FEN after every ply, the start first (review after the game).
    pub fn fens(&self) -> Vec<String> {
        dispatch!(self, m => m.positions().iter().map(|p| p.to_fen()).collect())
    }
    /// SAN of the moves played (wasted turns left out), for records.
    /// See [`Match::known_san`].
    pub fn known_san(&self, index: usize) -> Option<String> {
        dispatch!(self, m => m.known_san(index))
    }
    /// See [`Match::seen_san`].
    pub fn seen_san(&self, index: usize, viewer: Color, seen: &SeenMove) -> Option<String> {
        dispatch!(self, m => m.seen_san(index, viewer, seen))
    }

    pub fn san_moves(&self) -> Vec<String> {
        dispatch!(self, m => {
            let mode = m.mode();
            m.plies()
                .iter()
                .zip(m.positions())
                .filter_map(|(p, pos)| p.mv.map(|mv| pos.to_san(&mv, mode)))
                .collect()
        })
    }
}

/// Attempt text that could not be read or tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptTextError {
    Text(crate::MoveTextError),
    Attempt(AttemptError),
}

impl fmt::Display for AttemptTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttemptTextError::Text(e) => e.fmt(f),
            AttemptTextError::Attempt(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AttemptTextError {}

#[cfg(not(feature = "one-bitboard"))]
impl From<Match<SmallBoard>> for AnyMatch {
    fn from(m: Match<SmallBoard>) -> AnyMatch {
        AnyMatch::B64(m)
    }
}

impl From<Match<Bitboard128>> for AnyMatch {
    fn from(m: Match<Bitboard128>) -> AnyMatch {
        AnyMatch::B128(m)
    }
}

#[cfg(not(feature = "one-bitboard"))]
impl From<Match<LargeBoard>> for AnyMatch {
    fn from(m: Match<LargeBoard>) -> AnyMatch {
        AnyMatch::B256(m)
    }
}

#[cfg(all(test, not(feature = "one-bitboard")))]
mod board_width_tests {
    use super::*;

    /// Every board up to 128 squares plays, and a larger one on the widest
    /// bitboard. (The page's one-width build is checked by the app's
    /// browser tests, which build with it: `tests/browser/engine.rs`.)
    #[test]
    fn boards_take_the_width_the_build_has() {
        for id in ["chess", "foolish-king", "krk-8x8", "krk-11x11"] {
            let variant = Variant::by_id(id).unwrap();
            let m = AnyMatch::new(&variant, ModelSpec::Open, None).unwrap();
            assert_eq!(m.variant().id, id);
        }
        let big = Variant::by_id("krk-12x12").unwrap();
        let made = AnyMatch::new(&big, ModelSpec::Open, None);
        assert!(matches!(made, Ok(AnyMatch::B256(_))));
    }
}
