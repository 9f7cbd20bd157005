//! The referee: a match between two automated players, each told only its
//! own side's observations, until it ends or a limit stops it
//! ([`play_out`], [`play_out_limited`] within [`Limits`]). The command
//! line's `match`, the tests and the strength table all referee here.

use fogbound_engine::player::Player;
use fogbound_engine::{AnyMatch, ByColor, Color, Outcome};

use crate::random::RandomPlayer;

/// Why [`play_out`] stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayOutError {
    /// The match refused an attempt outright (not the model's refusal: an
    /// attempt off the board, out of turn…).
    Rejected { by: Color, message: String },
}

impl core::fmt::Display for PlayOutError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlayOutError::Rejected { by, message } => {
                write!(f, "{by}'s attempt was rejected: {message}")
            }
        }
    }
}

impl std::error::Error for PlayOutError {}

/// Referees `m` between two players until it ends or `max_attempts`
/// attempts were made (then `Ok(None)`). Each player is told only its own
/// side's observations, as [`AnyMatch::transcript`] records them.
pub fn play_out(
    m: &mut AnyMatch,
    players: ByColor<&mut dyn Player>,
    max_attempts: usize,
) -> Result<Option<Outcome>, PlayOutError> {
    let limits = Limits {
        max_attempts,
        ..Limits::default()
    };
    play_out_limited(m, players, &limits)
}

/// How long a refereed game may run and how it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Attempts (moves and refused tries) after which the game stops.
    pub max_attempts: usize,
    /// Plies after which the game stops (a match of bots calls it a draw).
    pub max_plies: usize,
    /// Plies played at random before the players choose: both players are
    /// told every observation of them, as of any ply.
    pub opening_plies: usize,
    /// The seed of those random plies.
    pub opening_seed: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_attempts: usize::MAX,
            max_plies: usize::MAX,
            opening_plies: 0,
            opening_seed: 0,
        }
    }
}

/// [`play_out`] within `limits`: `Ok(None)` when a limit stopped the game.
pub fn play_out_limited(
    m: &mut AnyMatch,
    mut players: ByColor<&mut dyn Player>,
    limits: &Limits,
) -> Result<Option<Outcome>, PlayOutError> {
    for c in Color::ALL {
        players[c].start(&m.rules(), &m.observation(c));
    }
    let mut opening = RandomPlayer::new(limits.opening_seed);
    for _ in 0..limits.max_attempts {
        if let Some(o) = m.outcome() {
            return Ok(Some(o));
        }
        if m.plies().len() >= limits.max_plies {
            return Ok(None);
        }
        let side = m.turn();
        let seen = m.observation(!side);
        let in_opening = m.plies().len() < limits.opening_plies;
        let view = m.observation(side);
        let attempt = if in_opening {
            opening.attempt(&view)
        } else {
            players[side].attempt(&view)
        };
        let result = m
            .attempt(side, attempt)
            .map_err(|e| PlayOutError::Rejected {
                by: side,
                message: e.to_string(),
            })?;
        let told = &result.observations[side];
        if in_opening {
            opening.resolved(&attempt, &result.resolution, told);
            players[side].observe(told);
        } else {
            players[side].resolved(&attempt, &result.resolution, told);
        }
        if result.observations[!side] != seen {
            players[!side].observe(&result.observations[!side]);
        }
    }
    Ok(m.outcome())
}
