//! The catalogue of automated players: one list, by id, for whoever seats
//! them — the page's form and worker, links (`computer=greedy`), the
//! command line's `match` and `catalogue`.

use fogbound_engine::player::Player;

use crate::{BotLevel, BotPlayer, GreedyPlayer, RandomPlayer};

/// Every automated player by id, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// Picks uniformly among what it may try ([`RandomPlayer`]).
    Random,
    /// The one-ply baseline: material it can see, now ([`GreedyPlayer`]).
    Greedy,
    /// The computer player at a level ([`BotPlayer`]).
    Bot(BotLevel),
}

impl Opponent {
    /// Every opponent, weakest first.
    pub fn all() -> Vec<Opponent> {
        let mut out = vec![Opponent::Random, Opponent::Greedy];
        out.extend(BotLevel::ALL.into_iter().map(Opponent::Bot));
        out
    }

    /// The opponent a new game offers first.
    pub const DEFAULT: Opponent = Opponent::Bot(BotLevel::DEFAULT);

    /// `random`, `greedy`, `bot:beginner`, `bot:club`, `bot:strong`.
    pub fn id(self) -> String {
        match self {
            Opponent::Random => "random".to_string(),
            Opponent::Greedy => "greedy".to_string(),
            Opponent::Bot(l) => format!("bot:{}", l.id()),
        }
    }

    /// Reads an id; `bot` alone is the default level.
    pub fn from_id(id: &str) -> Option<Opponent> {
        match id.trim() {
            "random" => Some(Opponent::Random),
            "greedy" => Some(Opponent::Greedy),
            "bot" => Some(Opponent::Bot(BotLevel::DEFAULT)),
            id => id
                .strip_prefix("bot:")
                .and_then(BotLevel::from_id)
                .map(Opponent::Bot),
        }
    }

    /// The name people read.
    pub fn label(self) -> String {
        match self {
            Opponent::Random => "Random mover".to_string(),
            Opponent::Greedy => "Greedy".to_string(),
            Opponent::Bot(l) => format!("Fogbound bot ({})", l.id()),
        }
    }

    /// One sentence on how it plays.
    pub fn about(self) -> &'static str {
        match self {
            Opponent::Random => {
                "Tries a move picked at random among those its own board allows, never one the \
                 umpire already refused this turn: a sparring partner for learning the rules."
            }
            Opponent::Greedy => {
                "Looks one move ahead on its own board: takes the most valuable man it can see, \
                 keeps its men off squares it sees attacked, never leaves its king to a man it \
                 sees. It remembers nothing and imagines no hidden man."
            }
            Opponent::Bot(BotLevel::Beginner) => {
                "Keeps a few guesses of the hidden board and searches them for about a tenth \
                 of a second a move, with random slips: it misses tactics, yet beat the greedy \
                 player in 95 of 100 Fog of War games in our tests."
            }
            Opponent::Bot(BotLevel::Club) => {
                "Keeps the boards that fit what it has seen, searches sixteen of them for under \
                 a second a move and weighs the worst of them, so it guards its king against men \
                 it cannot see. In our tests it won 84 of 100 Fog of War games at a second a move \
                 against misty-chess (an outside Fog of War engine, run in pure Python; 3 drawn) and 91 \
                 of 100 Dark Chess games against the greedy player (the rest drawn); in \
                 Kriegspiel (English rules) it won 69 of 100 against the greedy player and \
                 drew 29 (ten of them still going at 300 plies)."
            }
            Opponent::Bot(BotLevel::Strong) => {
                "As the club level on a larger belief, thinking about three seconds a move: \
                 slower, stronger. Held to a second a move it won 85 of 100 Fog of War games \
                 against misty-chess (2 drawn)."
            }
        }
    }

    /// A fresh player, its choices drawn from `seed`.
    pub fn build(self, seed: u64) -> Box<dyn Player> {
        match self {
            Opponent::Random => Box::new(RandomPlayer::new(seed)),
            Opponent::Greedy => Box::new(GreedyPlayer::new(seed)),
            Opponent::Bot(l) => Box::new(BotPlayer::new(l, seed)),
        }
    }
}
