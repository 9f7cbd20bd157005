//! An automated player kept between turns, as the page's worker keeps it.
//!
//! The worker is asked for one attempt at a time and given the seat's whole
//! transcript each time. A [`Seat`] remembers what it was told, so that the
//! next request only tells it what is new: a move costs the same at ply 10
//! and at ply 200. When the transcript does not continue what the seat was
//! told (another game, a reloaded page, a worker spawned afresh after "Move
//! now" stopped the last one) the seat starts over and catches up.
//!
//! Catching up replays the game as it was played: before each of its own
//! attempts is told how it went, the player is asked for that attempt again
//! (see [`BotPlayer::replay_attempt`]: the same draws from its random
//! stream, without the search). So a seat that caught up holds the same
//! state as one that played every move, and the next attempt is the one
//! the same seed gives natively (`fogbound match`, the tests).

use fogbound_engine::player::Player;
use fogbound_engine::{Attempt, Observation, Told};

use crate::budget::{Clock, Listener};
use crate::{BotPlayer, Opponent};

/// The player in a seat: the bot (whose search can be cut short) or
/// another automated player.
enum Sitter {
    Bot(Box<BotPlayer>),
    Other(Box<dyn Player>),
}

impl Sitter {
    fn player(&mut self) -> &mut dyn Player {
        match self {
            Sitter::Bot(b) => b.as_mut(),
            Sitter::Other(p) => p.as_mut(),
        }
    }
}

/// See the module docs.
pub struct Seat {
    kind: Opponent,
    seed: u64,
    sitter: Sitter,
    /// What it has been told, in order.
    told: Vec<Told>,
    /// Whether it has been asked for an attempt whose resolution it has not
    /// been told yet.
    asked: bool,
}

impl Seat {
    /// An empty seat for `kind`, its choices drawn from `seed`.
    pub fn new(kind: Opponent, seed: u64) -> Seat {
        let sitter = match kind {
            Opponent::Bot(level) => Sitter::Bot(Box::new(BotPlayer::new(level, seed))),
            Opponent::Random | Opponent::Greedy => Sitter::Other(kind.build(seed)),
        };
        Seat {
            kind,
            seed,
            sitter,
            told: Vec::new(),
            asked: false,
        }
    }

    /// Whether this seat is `kind` seeded with `seed`.
    pub fn is(&self, kind: Opponent, seed: u64) -> bool {
        self.kind == kind && self.seed == seed
    }

    /// How many entries of its transcript it has been told.
    pub fn told(&self) -> usize {
        self.told.len()
    }

    /// Brings the seat up to `transcript` (see the module docs); starts
    /// over when `transcript` does not continue what it was told.
    pub fn catch_up(&mut self, transcript: &[Told]) {
        let continues =
            transcript.len() >= self.told.len() && transcript[..self.told.len()] == self.told[..];
        if !continues {
            *self = Seat::new(self.kind, self.seed);
        }
        for told in &transcript[self.told.len()..] {
            if let Told::Resolved { .. } = told {
                if !self.asked {
                    if let Some(before) = self.told.last().map(|t| t.observation().clone()) {
                        match &mut self.sitter {
                            Sitter::Bot(b) => {
                                b.replay_attempt(&before);
                            }
                            Sitter::Other(p) => {
                                p.attempt(&before);
                            }
                        }
                    }
                }
                self.asked = false;
            }
            told.tell(self.sitter.player());
            self.told.push(told.clone());
        }
    }

    /// The player's attempt on `observation` (its latest), the bot
    /// thinking by `clock` for its level's time and telling `listener` its
    /// best attempt so far after each board it searches (the page shows the
    /// progress; "Move now" plays the last attempt reported, or stops the
    /// search when the listener returns `false`). Another player just
    /// answers.
    pub fn attempt_thinking(
        &mut self,
        observation: &Observation,
        clock: Box<dyn Clock>,
        listener: Listener<'_>,
    ) -> Attempt {
        self.asked = true;
        match &mut self.sitter {
            Sitter::Bot(b) => {
                b.set_clock(clock);
                b.attempt_thinking(observation, listener)
            }
            Sitter::Other(p) => p.attempt(observation),
        }
    }

    /// The player's attempt on `observation` (its latest); `nodes` cuts the
    /// bot's search to that many nodes ("Move now").
    pub fn attempt(&mut self, observation: &Observation, nodes: Option<u64>) -> Attempt {
        self.asked = true;
        match (&mut self.sitter, nodes) {
            (Sitter::Bot(b), Some(n)) => b.attempt_within(observation, n),
            (sitter, _) => sitter.player().attempt(observation),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BotLevel;
    use crate::{play_out_limited, Limits};
    use fogbound_engine::{AnyMatch, ByColor, Color, ModelSpec, Variant};

    /// A short game of the bot (White) against greedy, natively.
    fn native_game(model: &str, preset: Option<&str>, seed: u64) -> AnyMatch {
        let spec = ModelSpec::parse(model, preset).unwrap();
        let mut game = AnyMatch::new(&Variant::chess(), spec, None).unwrap();
        let mut white = BotPlayer::new(BotLevel::Beginner, seed);
        let mut black = Opponent::from_id("greedy").unwrap().build(seed + 1);
        let limits = Limits {
            max_attempts: 200,
            max_plies: 40,
            opening_plies: 0,
            opening_seed: 0,
        };
        let players: ByColor<&mut dyn Player> = ByColor {
            white: &mut white,
            black: black.as_mut(),
        };
        play_out_limited(&mut game, players, &limits).unwrap();
        game
    }

    /// Every attempt of the native game, asked of a seat that caught up
    /// from scratch and of one kept from move to move.
    fn check_replays(model: &str, preset: Option<&str>, seed: u64) {
        let game = native_game(model, preset, seed);
        let transcript = game.transcript(Color::White);
        let kind = Opponent::Bot(BotLevel::Beginner);
        let mut kept = Seat::new(kind, seed);
        let mut asked = 0;
        for (i, told) in transcript.iter().enumerate() {
            let Told::Resolved { attempt, .. } = told else {
                continue;
            };
            let before = transcript[i - 1].observation();
            let mut fresh = Seat::new(kind, seed);
            fresh.catch_up(&transcript[..i]);
            assert_eq!(
                fresh.attempt(before, None),
                *attempt,
                "fresh seat, entry {i}"
            );
            kept.catch_up(&transcript[..i]);
            assert_eq!(kept.attempt(before, None), *attempt, "kept seat, entry {i}");
            asked += 1;
        }
        assert!(asked >= 8, "only {asked} attempts in the game");
    }

    #[test]
    fn a_seat_plays_the_native_game_of_its_seed_under_fog() {
        check_replays("fog", None, 5);
    }

    #[test]
    fn a_seat_plays_the_native_game_of_its_seed_under_an_umpire() {
        check_replays("kriegspiel", Some("english"), 9);
    }

    #[test]
    fn a_seat_told_another_game_starts_over() {
        let a = native_game("fog", None, 3).transcript(Color::White);
        let b = native_game("fog", None, 4).transcript(Color::White);
        let kind = Opponent::Bot(BotLevel::Beginner);
        let mut seat = Seat::new(kind, 3);
        seat.catch_up(&a[..a.len() / 2]);
        let cut = b.len() / 2;
        seat.catch_up(&b[..cut]);
        assert_eq!(seat.told(), cut);
        let mut fresh = Seat::new(kind, 3);
        fresh.catch_up(&b[..cut]);
        let last = b[cut - 1].observation();
        if last.turn == Color::White && last.outcome.is_none() {
            assert_eq!(seat.attempt(last, None), fresh.attempt(last, None));
        }
    }
}
