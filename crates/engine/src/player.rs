//! Automated players: seats at the game table that are told what their
//! side may know and answer with attempts.
//!
//! A [`Player`] receives [`Observation`]s, its own [`Attempt`]s back with
//! their [`Resolution`]s, and nothing else: none of these types holds a
//! position, and no method of the trait takes a match, so the type system
//! keeps the true position away from every player. The page's worker, the
//! command line and the tests drive players the same way (see
//! [`Told::tell`] and [`play_out`]).
//!
//! [`PlayerKind`] is the catalogue of automated players that links
//! (`computer=random`) and the page read.

use serde::{Deserialize, Serialize};

use crate::{
    AnyMatch, Attempt, ByColor, Color, ModelSpec, Observation, Outcome, Resolution, Told, Variant,
};

/// The public rules of a game, told to every player at its start (as
/// reconchess tells a player the game's setup): the variant and the
/// information model, with its Kriegspiel preset. Nothing in it is hidden
/// from either side, so a player need not guess the model from what it
/// sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRules {
    pub variant: Variant,
    pub model: ModelSpec,
}

impl AnyMatch {
    /// The rules this match is played by, as its players are told them.
    pub fn rules(&self) -> GameRules {
        GameRules {
            variant: self.variant().clone(),
            model: self.spec().clone(),
        }
    }
}

/// An automated player. See the module docs.
pub trait Player: Send {
    /// What the player is called.
    fn name(&self) -> String;
    /// The game begins: its public rules and the player's first
    /// observation (it may not be to move).
    fn start(&mut self, rules: &GameRules, observation: &Observation);
    /// A later observation: after the opponent's ply or a try of theirs
    /// that the player heard of.
    fn observe(&mut self, observation: &Observation);
    /// The player's turn: what it tries. Called again after a refused try.
    fn attempt(&mut self, observation: &Observation) -> Attempt;
    /// What the player's own attempt led to, and what it sees after.
    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation);
}

impl Told {
    /// Tells `player` this entry.
    pub fn tell(&self, player: &mut dyn Player) {
        match self {
            Told::Start { rules, observation } => player.start(rules, observation),
            Told::Observed(o) => player.observe(o),
            Told::Resolved {
                attempt,
                resolution,
                observation,
            } => player.resolved(attempt, resolution, observation),
        }
    }
}

/// The automated players a game can seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// Picks uniformly among what it may try.
    Random,
    /// The one-ply baseline: material it can see, now.
    Greedy,
}

impl PlayerKind {
    pub const ALL: [PlayerKind; 2] = [PlayerKind::Random, PlayerKind::Greedy];

    /// The opponent offered first: the strongest that makes a pleasant game.
    pub const DEFAULT: PlayerKind = PlayerKind::Greedy;

    /// The id links and files use.
    pub fn id(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
        }
    }

    /// The name people read.
    pub fn label(self) -> &'static str {
        match self {
            PlayerKind::Random => "Random mover",
            PlayerKind::Greedy => "Greedy",
        }
    }

    /// One sentence on how it plays.
    pub fn about(self) -> &'static str {
        match self {
            PlayerKind::Random => {
                "Tries a move picked at random among those its own board allows, never one the \
                 umpire already refused this turn: a sparring partner for learning the rules."
            }
            PlayerKind::Greedy => {
                "Looks one move ahead on its own board: takes the most valuable man it can see, \
                 keeps its men off squares it sees attacked, never leaves its king to a man it \
                 sees. It remembers nothing and imagines no hidden man."
            }
        }
    }

    pub fn from_id(id: &str) -> Option<PlayerKind> {
        PlayerKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// A fresh player of this kind, its choices drawn from `seed`.
    pub fn build(self, seed: u64) -> Box<dyn Player> {
        match self {
            PlayerKind::Random => Box::new(crate::random_player::RandomPlayer::new(seed)),
            PlayerKind::Greedy => Box::new(crate::greedy_player::GreedyPlayer::new(seed)),
        }
    }
}

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
    let mut opening = crate::random_player::RandomPlayer::new(limits.opening_seed);
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
