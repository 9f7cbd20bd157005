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
//! [`BotPlayer`] is an [`fogbound_engine::player::Player`]: it is given its
//! own observations and its own attempts' resolutions, nothing else. It keeps
//! a belief — a pool of full boards consistent with everything it was told —
//! and scores each attempt it may make by a shallow alpha-beta search on a
//! few of those boards (see [`brain`]). Its randomness is a ChaCha stream
//! seeded from one number and its search is bounded by node counts, never
//! by the clock, so a seed replays a game exactly, natively and in wasm.
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
//! The attempt depends on the seed and the transcript only. The replay
//! rebuilds the belief, so it costs more as the game grows (each of the
//! opponent's plies advances up to [`Level::pool`] boards). The page links
//! this crate for the catalogue and the belief frames it draws; only the
//! worker builds and runs players, so the bot's search stays out of the
//! page's download.

pub mod brain;
pub mod catalogue;
pub mod greedy;
pub mod hunt;
pub mod kit;
pub mod protocol;
pub mod random;
pub mod referee;
pub mod seat;
pub mod trace;

pub use catalogue::Opponent;
pub use greedy::GreedyPlayer;
pub use random::RandomPlayer;
pub use referee::{play_out, play_out_limited, Limits, PlayOutError};

use fogbound_engine::player::Player;
use fogbound_engine::{
    Attempt, Bitboard128, Bitboard256, Bitboard64, Observation, Resolution, Variant,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use brain::{below, Brain};
use kit::{candidates, fallback, Refused, SplitMix};

/// How hard a level thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Boards of the belief searched per move.
    pub samples: usize,
    /// Boards the belief keeps at most.
    pub pool: usize,
    /// Search depth in plies (captures are searched beyond it).
    pub depth: u32,
    /// Search nodes per move at most (the deterministic budget).
    pub nodes: u64,
    /// Random centipawns added to each candidate's score (a weaker,
    /// livelier player).
    pub noise: u32,
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

    /// The level offered first: a move in well under a second in a browser
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

    /// What the level searches.
    pub fn level(self) -> Level {
        match self {
            BotLevel::Beginner => Level {
                samples: 4,
                pool: 64,
                depth: 1,
                nodes: 20_000,
                noise: 60,
            },
            BotLevel::Club => Level {
                samples: 12,
                pool: 256,
                depth: 2,
                nodes: 150_000,
                noise: 0,
            },
            // More boards beat deeper search (40 games each against club
            // under Fog of War, seed 1): 2 plies on 32 boards scored 74%,
            // on 64 boards 69%, 3 plies on 32 boards 53%, 4 plies on 12
            // boards 68% at thirty times the time.
            BotLevel::Strong => Level {
                samples: 32,
                pool: 1024,
                depth: 2,
                nodes: 1_500_000,
                noise: 0,
            },
        }
    }
}

/// The belief over the bitboard the board's size needs.
enum AnyBrain {
    B64(Brain<Bitboard64>),
    B128(Brain<Bitboard128>),
    B256(Brain<Bitboard256>),
}

macro_rules! each_brain {
    ($brain:expr, $b:ident => $body:expr) => {
        match $brain {
            AnyBrain::B64($b) => $body,
            AnyBrain::B128($b) => $body,
            AnyBrain::B256($b) => $body,
        }
    };
}

/// "Any?" is asked when at least this share of the belief's boards has a
/// pawn capture…
const ASK_ANY_SHARE: f64 = 0.5;
/// …and one pawn capture is legal on at least this share of those.
const ASK_ANY_SURE: f64 = 0.75;

/// The computer player. See the crate docs.
pub struct BotPlayer {
    level_id: BotLevel,
    level: Level,
    rng: ChaCha8Rng,
    refused: Refused,
    brain: Option<AnyBrain>,
    /// The ply at which it last asked "Any?".
    asked_any: Option<u32>,
    /// Where its own men stood after each of its moves, to steer a won game
    /// away from repeating.
    placements: Vec<u64>,
}

impl BotPlayer {
    pub fn new(level: BotLevel, seed: u64) -> BotPlayer {
        BotPlayer::with_level(level, level.level(), seed)
    }

    /// A player with a level's name but its own settings (tests, tuning).
    pub fn with_level(id: BotLevel, level: Level, seed: u64) -> BotPlayer {
        BotPlayer {
            level_id: id,
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            refused: Refused::default(),
            brain: None,
            asked_any: None,
            placements: Vec::new(),
        }
    }

    /// Caps the node budget (the protocol's `go` budget in milliseconds is
    /// turned into nodes, so the cap keeps a game reproducible).
    pub fn cap_nodes(&mut self, nodes: u64) {
        self.level.nodes = self.level.level_nodes_min(nodes);
    }

    /// Its attempt with the search cut to `nodes` nodes ("Move now"); the
    /// level's budget is back for the next one.
    pub fn attempt_within(&mut self, obs: &Observation, nodes: u64) -> Attempt {
        let level = self.level;
        self.level.nodes = level.level_nodes_min(nodes);
        let attempt = self.attempt(obs);
        self.level = level;
        attempt
    }

    /// Asks again for an attempt it made earlier, when catching up on a
    /// game (see [`seat`]): every draw from its random stream and every
    /// change to its belief is as it was, but the search is skipped (no
    /// draw depends on it), so the attempt itself may differ and is thrown
    /// away.
    pub fn replay_attempt(&mut self, obs: &Observation) {
        let level = self.level;
        self.level.nodes = 0;
        self.attempt(obs);
        self.level = level;
    }

    /// How many boards the belief holds now (0 before the game).
    pub fn belief_size(&self) -> usize {
        self.brain
            .as_ref()
            .map_or(0, |b| each_brain!(b, x => x.pool_size()))
    }

    fn brain_for(&mut self, obs: &Observation) -> &mut AnyBrain {
        if self.brain.is_none() {
            let variant = Variant::by_id(&obs.variant).unwrap_or_else(Variant::chess);
            let squares = usize::from(obs.width) * usize::from(obs.height);
            self.brain = Some(if squares <= 64 {
                AnyBrain::B64(Brain::new(variant, obs))
            } else if squares <= 128 {
                AnyBrain::B128(Brain::new(variant, obs))
            } else {
                AnyBrain::B256(Brain::new(variant, obs))
            });
        }
        self.brain.as_mut().expect("just built")
    }
}

/// A key of where the player's own men stand in `obs`.
fn placement(obs: &Observation) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (sq, p) in obs.men() {
        if p.color == obs.player {
            for b in [sq.0, p.char() as u8] {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    h
}

/// The [`placement`] after `attempt`, as far as the player's own men go
/// (a plain move of one man; `None` for anything else).
fn placement_after(obs: &Observation, attempt: &Attempt) -> Option<u64> {
    let m = attempt.as_move()?;
    if m.promotion.is_some() || m.rook_to.is_some() {
        return None;
    }
    let mut after = obs.clone();
    let man = after.squares.get(m.from.index()).copied()?;
    *after.squares.get_mut(m.to.index())? = man;
    after.squares[m.from.index()] = fogbound_engine::Cell::Empty;
    Some(placement(&after))
}

impl Level {
    fn level_nodes_min(&self, nodes: u64) -> u64 {
        self.nodes.min(nodes.max(1_000))
    }
}

impl Player for BotPlayer {
    fn name(&self) -> String {
        Opponent::Bot(self.level_id).label()
    }

    fn start(&mut self, observation: &Observation) {
        self.brain = None;
        self.brain_for(observation);
    }

    fn observe(&mut self, observation: &Observation) {
        let level = self.level;
        let mut rng = self.rng.clone();
        each_brain!(self.brain_for(observation), b => b.observe(observation, &level, &mut rng));
        self.rng = rng;
    }

    fn attempt(&mut self, obs: &Observation) -> Attempt {
        let mut routes = SplitMix::new(self.rng.next_u64());
        let actions = obs.actions;
        // "Any?" when the belief says a pawn capture is likely and which one
        // it would be: a yes may oblige a pawn capture try, which should
        // then not be refused.
        if actions.ask_any
            && !actions.must_try_pawn_capture
            && self.asked_any != Some(obs.ply)
            && !obs.try_hints.is_empty()
            && {
                let (share, sure) = each_brain!(self.brain_for(obs), b => b.pawn_capture_odds());
                share >= ASK_ANY_SHARE && sure >= ASK_ANY_SURE
            }
        {
            self.asked_any = Some(obs.ply);
            return Attempt::AskAny;
        }
        let cands = candidates(obs, &mut self.refused, &mut routes);
        match cands.len() {
            0 => return fallback(obs),
            1 => return cands[0],
            _ => {}
        }
        let level = self.level;
        let mut rng = self.rng.clone();
        let scores = each_brain!(self.brain_for(obs), b => b.score(obs, &cands, &level, &mut rng));
        // Ahead, a move that puts its men back where they stood after an
        // earlier move of its own is marked down: repeating draws.
        let ahead = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max) > 150.0;
        let scores: Vec<f64> = cands
            .iter()
            .zip(&scores)
            .map(|(c, s)| {
                let key = placement_after(obs, c);
                let seen = self.placements.iter().filter(|p| Some(**p) == key).count();
                if ahead {
                    s - 40.0 * seen as f64
                } else {
                    *s
                }
            })
            .collect();
        let noisy: Vec<f64> = scores
            .iter()
            .map(|s| {
                if level.noise == 0 {
                    *s
                } else {
                    s + below(&mut rng, level.noise as usize) as f64
                }
            })
            .collect();
        let best = noisy.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<Attempt> = cands
            .iter()
            .zip(&noisy)
            .filter(|(_, s)| **s >= best - 1e-9)
            .map(|(a, _)| *a)
            .collect();
        let pick = top[below(&mut rng, top.len())];
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
            let rebuilds = self
                .brain
                .as_ref()
                .map_or(0, |b| each_brain!(b, x => x.rebuilds));
            let legal = self.brain.as_ref().map_or(0.0, |b| {
                each_brain!(b, x => cands.iter().position(|c| *c == pick).and_then(|i| x.legal.get(i).copied()).unwrap_or(0.0))
            });
            eprintln!(
                "ply {} pool {} rebuilds {} cands {} best {:.0} legal {:.2} {}",
                obs.ply,
                self.belief_size(),
                rebuilds,
                cands.len(),
                best,
                legal,
                pick.to_text(fogbound_engine::Geometry::CHESS)
            );
        }
        self.rng = rng;
        pick
    }

    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation) {
        self.refused.resolved(attempt, resolution, observation);
        if *resolution == Resolution::Played {
            self.placements.push(placement(observation));
        }
        let level = self.level;
        let mut rng = self.rng.clone();
        each_brain!(self.brain_for(observation), b => b.resolved(attempt, resolution, observation, &level, &mut rng));
        self.rng = rng;
    }
}
