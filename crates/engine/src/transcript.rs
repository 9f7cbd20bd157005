//! What one side has been told in a match, in order: its first
//! observation, every later observation, and what each of its own attempts
//! led to. An automated player that was not kept between turns (the page's
//! worker is asked afresh for every move) catches up by being told the
//! transcript again. A transcript holds observations, attempts and
//! resolutions only — never a position — so passing it on passes on
//! nothing hidden.

use serde::{Deserialize, Serialize};

use crate::player::GameRules;
use crate::{AnyMatch, Attempt, Color, Observation, Resolution};

/// One thing a side was told.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Told {
    /// The game began: its rules and the side's first observation.
    Start {
        rules: Box<GameRules>,
        observation: Observation,
    },
    /// A later observation, after the opponent's ply or attempt.
    Observed(Observation),
    /// The side's own attempt, how it was resolved and what it saw after.
    Resolved {
        attempt: Attempt,
        resolution: Resolution,
        observation: Observation,
    },
}

impl Told {
    /// The observation this entry carries.
    pub fn observation(&self) -> &Observation {
        match self {
            Told::Observed(o) => o,
            Told::Start { observation, .. } | Told::Resolved { observation, .. } => observation,
        }
    }
}

impl AnyMatch {
    /// Everything `side` has been told so far, rebuilt by replaying the
    /// attempt log on a fresh match. An opponent's attempt adds an
    /// observation only when it changed what `side` knows (a refused try
    /// heard by both does; one told to its maker alone does not).
    pub fn transcript(&self, side: Color) -> Vec<Told> {
        let Ok(mut fresh) =
            AnyMatch::new(self.variant(), self.spec().clone(), Some(&self.start_fen()))
        else {
            return Vec::new();
        };
        let mut told = vec![Told::Start {
            rules: Box::new(fresh.rules()),
            observation: fresh.observation(side),
        }];
        for entry in self.log() {
            let Ok(result) = fresh.attempt(entry.player, entry.attempt) else {
                break;
            };
            let observation = result.observations[side].clone();
            if entry.player == side {
                told.push(Told::Resolved {
                    attempt: entry.attempt,
                    resolution: result.resolution,
                    observation,
                });
            } else if told.last().map(Told::observation) != Some(&observation) {
                told.push(Told::Observed(observation));
            }
        }
        told
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelSpec, Variant};

    #[test]
    fn a_transcript_follows_the_log_and_holds_only_the_sides_views() {
        let spec = ModelSpec::parse("kriegspiel", Some("english")).unwrap();
        let mut m = AnyMatch::new(&Variant::chess(), spec, None).unwrap();
        let g = m.geometry();
        let try_ = |m: &mut AnyMatch, c: Color, t: &str| {
            m.attempt(c, Attempt::parse(t, g).unwrap()).unwrap();
        };
        try_(&mut m, Color::White, "e2e4");
        try_(&mut m, Color::Black, "e7e5");
        try_(&mut m, Color::White, "e4e5"); // refused: a man stands there
        try_(&mut m, Color::White, "g1f3");
        let white = m.transcript(Color::White);
        assert!(matches!(white[0], Told::Start { .. }));
        let resolved: Vec<&Resolution> = white
            .iter()
            .filter_map(|t| match t {
                Told::Resolved { resolution, .. } => Some(resolution),
                _ => None,
            })
            .collect();
        assert_eq!(
            resolved,
            [
                &Resolution::Played,
                &Resolution::Illegal,
                &Resolution::Played
            ]
        );
        for told in &white {
            assert_eq!(told.observation().player, Color::White);
        }
        assert_eq!(
            white.last().unwrap().observation(),
            &m.observation(Color::White)
        );
        let black = m.transcript(Color::Black);
        assert_eq!(
            black.last().unwrap().observation(),
            &m.observation(Color::Black)
        );
        // Black heard White's refused try (English rules: announced to both).
        assert_eq!(
            black
                .iter()
                .filter(|t| matches!(t, Told::Observed(_)))
                .count(),
            3
        );
    }
}
