//! `fogbound-players`: every automated player, the referee that seats two
//! of them, and protocol v1, the line-by-line JSON protocol for fog bots.
//!
//! - The players: [`RandomPlayer`] (uniform among what its own board
//!   allows), [`GreedyPlayer`] (the one-ply baseline) and [`BotPlayer`],
//!   the computer player, with the kit they share ([`kit`]: a seeded
//!   generator, the tries refused this turn, the candidates).
//! - [`referee`]: [`play_out`] and [`play_out_limited`], a match between
//!   two players, each told only its own side's observations.
//! - [`seat`] (a player kept between turns in the page's worker),
//!   [`trace`] (the bot's belief through a finished game) and [`protocol`].
//!
//! [`BotPlayer`] is an [`fogbound_engine::player::Player`]: it is told the
//! game's public rules at the start, then its own observations and its own
//! attempts' resolutions, nothing else. It keeps a belief — a pool of full
//! boards consistent with everything it was told ([`brain`]) — and chooses
//! each attempt by a full-information search ([`search`], [`eval`]) on a
//! sample of those boards, the boards' values combined with weight on the
//! worst case and its king's safety checked on every board ([`decide`]).
//! It thinks for a node budget (deterministic: a seed replays a game
//! exactly, natively and in wasm) or for a time on a clock its caller
//! gives it, reports its best attempt so far as it goes and stops when
//! asked ([`budget`]).
//!
//! The catalogue for whoever seats automated players (the page's worker, the
//! command line): [`Opponent`] names every automated player by id —
//! `random`, `greedy`, `bot:beginner`, `bot:club`, `bot:strong` (`bot`
//! alone is [`BotLevel::DEFAULT`]) — and
//! [`Opponent::build`] makes one from a seed:
//!
//! ```
//! use fogbound_players::Opponent;
//! let mut player = Opponent::from_id("bot:club").unwrap().build(7);
//! # let _ = &mut player;
//! ```
//!
//! **In the page's worker** (`think`): build the seat's player afresh from
//! its id and seed, tell it the seat's transcript, and ask for its attempt:
//!
//! ```
//! use fogbound_engine::{AnyMatch, Color, ModelSpec, Variant};
//! use fogbound_players::Opponent;
//! let game = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
//! let mut player = Opponent::from_id("bot").unwrap().build(42);
//! for told in game.transcript(Color::White) {
//!     told.tell(player.as_mut());
//! }
//! let attempt = player.attempt(&game.observation(Color::White));
//! assert!(attempt.as_move().is_some());
//! ```
//!
//! Without a clock the attempt depends on the seed and the transcript only.
//! The replay rebuilds the belief, so it costs more as the game grows (each
//! of the opponent's plies advances up to [`Level::pool`] boards). The page
//! links this crate for the catalogue and the belief frames it draws; only
//! the worker builds and runs players, so the bot's search stays out of the
//! page's download.

mod bot;
pub mod brain;
pub mod budget;
pub mod catalogue;
pub mod checker_risk;
pub mod danger;
pub mod decide;
pub mod eval;
pub mod greedy;
pub mod hunt;
pub mod king_odds;
pub mod kit;
pub mod pawn_odds;
pub mod protocol;
pub mod random;
pub mod referee;
pub mod search;
pub mod seat;
pub mod trace;
pub mod unseen_mate;

pub use bot::BotPlayer;
pub use catalogue::Opponent;
pub use greedy::GreedyPlayer;
pub use random::RandomPlayer;
pub use referee::{play_out, play_out_limited, Limits, PlayOutError};

/// How hard a level thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Boards of the belief searched per attempt at most.
    pub samples: usize,
    /// Boards the belief keeps at most.
    pub pool: usize,
    /// Search nodes per attempt: the deterministic budget (with a clock, a
    /// cap far above what the time allows).
    pub nodes: u64,
    /// Thinking time per attempt in milliseconds, when the caller gives
    /// the bot a clock.
    pub ms: u64,
    /// Random centipawns added to each candidate's score (a weaker,
    /// livelier player).
    pub noise: u32,
    /// The weight of the worst board against the mean when the boards'
    /// values are combined (0: the mean alone).
    pub worst: f64,
    /// When the belief must be cut to a sample, how sharply the boards the
    /// opponent's better moves reach are preferred (centipawns of the
    /// player's static value per factor e; 0: all alike).
    pub likely: f64,
}

impl Level {
    /// The level with the settings `text` names changed
    /// (`samples=8,nodes=300000,ms=500,pool=512,noise=0,worst=0.4`), for
    /// tuning from the command line; `None` for an unknown name or a bad
    /// number.
    pub fn with_settings(mut self, text: &str) -> Option<Level> {
        for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (name, value) = pair.split_once('=')?;
            let value = value.trim();
            match name.trim() {
                "samples" => self.samples = value.parse().ok()?,
                "pool" => self.pool = value.parse().ok()?,
                "nodes" => self.nodes = value.parse().ok()?,
                "ms" => self.ms = value.parse().ok()?,
                "noise" => self.noise = value.parse().ok()?,
                "worst" => self.worst = value.parse().ok()?,
                "likely" => self.likely = value.parse().ok()?,
                _ => return None,
            }
        }
        Some(self)
    }
}

/// The bot's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotLevel {
    Beginner,
    Club,
    Strong,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Beginner, BotLevel::Club, BotLevel::Strong];

    /// The level offered first: a move in under a second in a browser
    /// tab's worker.
    pub const DEFAULT: BotLevel = BotLevel::Club;

    /// `beginner`, `club` or `strong`.
    pub fn id(self) -> &'static str {
        match self {
            BotLevel::Beginner => "beginner",
            BotLevel::Club => "club",
            BotLevel::Strong => "strong",
        }
    }

    pub fn from_id(id: &str) -> Option<BotLevel> {
        BotLevel::ALL.into_iter().find(|l| l.id() == id)
    }

    /// What the level searches. The node budgets are what the thinking
    /// times buy natively on one core, roughly, so a game without a clock
    /// (tests, replays, `fogbound match` without `--ms`) plays alike.
    pub fn level(self) -> Level {
        match self {
            BotLevel::Beginner => Level {
                samples: 4,
                pool: 128,
                nodes: 20_000,
                ms: 100,
                noise: 80,
                worst: 0.3,
                likely: 150.0,
            },
            BotLevel::Club => Level {
                samples: 16,
                pool: 1_024,
                nodes: 300_000,
                ms: 800,
                noise: 0,
                worst: 0.3,
                likely: 150.0,
            },
            BotLevel::Strong => Level {
                samples: 24,
                pool: 4_096,
                nodes: 2_000_000,
                ms: 3_000,
                noise: 0,
                worst: 0.3,
                likely: 150.0,
            },
        }
    }
}
