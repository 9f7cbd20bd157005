//! Looking back at a match: what each player knew after every ply, next to
//! the true position ([`Frame`], [`Match::review`]).
//!
//! A match keeps only its current observations, so the past ones are
//! rebuilt by replaying the attempt log into a fresh match of the same
//! variant, model and start position (the models are deterministic, so the
//! replay passes through exactly the states the players saw). Host only:
//! frames hold the true positions, so they are shown to players only once
//! the game is over.

use crate::{AnyMatch, Bitboard, ByColor, Color, Match, Move, Observation};

/// The match after one ply (ply 0: the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Plies played (moves and wasted turns).
    pub ply: u32,
    /// Who played this ply (`None` at the start).
    pub by: Option<Color>,
    /// The true move of this ply (`None` at the start and for a wasted turn).
    pub played: Option<Move>,
    /// That move in SAN, as read in the position before it.
    pub san: Option<String>,
    /// The true position after this ply.
    pub fen: String,
    /// What each player knew right after this ply; in the last frame, at
    /// the end of the game (a resignation or flag fall included).
    pub observations: ByColor<Observation>,
    /// How many of the match's announcements had been made by then: each
    /// player heard those of [`Match::announcements`]`[..said]` addressed
    /// to them.
    pub said: usize,
}

impl<B: Bitboard> Match<B> {
    /// One frame per ply, the start first (see the module docs). Host only:
    /// never show a frame to a player before the game is over.
    pub fn review(&self) -> Vec<Frame> {
        let start = self.positions()[0].to_fen();
        let Ok(mut fresh) = Match::<B>::new(self.variant(), self.spec().clone(), Some(&start))
        else {
            return Vec::new();
        };
        let mut frames = vec![Frame {
            ply: 0,
            by: None,
            played: None,
            san: None,
            fen: start,
            observations: fresh.observations(),
            said: fresh.announcements().len(),
        }];
        for entry in self.log() {
            let before = fresh.position().clone();
            let Ok(result) = fresh.attempt(entry.player, entry.attempt) else {
                break;
            };
            if !result.resolution.passes_turn() {
                continue;
            }
            let played = fresh.plies().last().and_then(|p| p.mv);
            frames.push(Frame {
                ply: fresh.plies().len() as u32,
                by: Some(entry.player),
                played,
                san: played.map(|mv| before.to_san(&mv, fresh.mode())),
                fen: fresh.position().to_fen(),
                observations: result.observations,
                said: fresh.announcements().len(),
            });
        }
        if let Some(event) = self.event() {
            let _ = fresh.end(event);
        }
        // The last frame is the end of the game: what both players knew
        // when it ended, and everything the umpire said.
        if let Some(last) = frames.last_mut() {
            last.observations = fresh.observations();
            last.said = fresh.announcements().len();
        }
        frames
    }
}

impl AnyMatch {
    /// See [`Match::review`].
    pub fn review(&self) -> Vec<Frame> {
        match self {
            AnyMatch::B64(m) => m.review(),
            AnyMatch::B128(m) => m.review(),
            AnyMatch::B256(m) => m.review(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Attempt, Cell, GameEvent, ModelSpec, Variant};

    fn play(m: &mut AnyMatch, moves: &[&str]) -> Vec<ByColor<Observation>> {
        let mut seen = Vec::new();
        for text in moves {
            let player = m.turn();
            let a = Attempt::parse(text, m.geometry()).unwrap();
            let r = m.attempt(player, a).unwrap();
            if r.resolution.passes_turn() {
                seen.push(r.observations);
            }
        }
        seen
    }

    #[test]
    fn frames_are_the_observations_the_players_had() {
        let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
        let start = m.observations();
        let seen = play(&mut m, &["e2e4", "f7f6", "d1h5", "a7a6", "h5e8"]);
        assert!(m.outcome().is_some());
        let frames = m.review();
        assert_eq!(frames.len(), 6);
        assert_eq!(frames[0].observations, start);
        for (k, obs) in seen.iter().enumerate() {
            assert_eq!(frames[k + 1].ply, k as u32 + 1);
            assert_eq!(&frames[k + 1].observations, obs, "ply {}", k + 1);
        }
        let fens: Vec<String> = frames.iter().map(|f| f.fen.clone()).collect();
        assert_eq!(fens, m.fens());
        assert_eq!(frames[1].san.as_deref(), Some("e4"));
        assert_eq!(frames[5].san.as_deref(), Some("Qxe8"));
        assert_eq!(frames[3].by, Some(Color::White));
        // White's view after 1. e4: Black's men beyond sight are fog.
        let white = &frames[1].observations[Color::White];
        let g = m.geometry();
        assert_eq!(white.cell(g.parse_square("e8").unwrap()), Cell::Fog);
        assert_eq!(frames.last().unwrap().said, m.announcements().len());
    }

    #[test]
    fn kriegspiel_frames_count_what_was_heard_and_skip_refusals() {
        let spec = ModelSpec::parse("kriegspiel", Some("cvp")).unwrap();
        let mut m = AnyMatch::new(&Variant::chess(), spec, None).unwrap();
        // A refused try, then a move, then Black's move.
        play(&mut m, &["e2d3", "e2e4", "e7e5"]);
        let frames = m.review();
        assert_eq!(frames.len(), 3);
        assert!(frames[0].said < frames[1].said, "the refusal was heard");
        assert_eq!(frames[2].said, m.announcements().len());
        assert!(frames
            .iter()
            .all(|f| f.observations[Color::Black].ply == f.ply));
    }

    #[test]
    fn an_ending_event_shows_in_the_last_frame() {
        let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Dark, None).unwrap();
        play(&mut m, &["e2e4", "a7a6", "e4d5"]);
        m.end(GameEvent::Resign(Color::Black)).unwrap();
        let frames = m.review();
        // The probe is a ply of its own, without a move.
        assert_eq!(frames.len(), 4);
        assert_eq!(frames[3].played, None);
        assert_eq!(frames[3].by, Some(Color::White));
        assert!(frames[3].observations[Color::White].outcome.is_some());
        assert!(frames[2].observations[Color::White].outcome.is_none());
    }

    #[test]
    fn a_fresh_match_has_one_frame() {
        let m = AnyMatch::new(&Variant::foolish_king(), ModelSpec::Fog, None).unwrap();
        let frames = m.review();
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].fen, m.fen());
    }
}
