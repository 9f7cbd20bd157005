//! An automated seat's turn: what the page sends the worker to think
//! about. The request holds the seat's transcript — its own observations
//! and the resolutions of its own attempts, nothing else — so the worker,
//! and the player in it, never hold the true position.

use fogbound_engine::{Attempt, Color, Told};
use fogbound_players::Opponent;

use super::Suggestion;

use super::GameTable;

/// The automated player to move, and everything it has been told.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerTurn {
    pub color: Color,
    pub kind: Opponent,
    /// Different for every attempt of every game, the same when the same
    /// attempt is asked for again (a reload replays the same choice).
    pub seed: u64,
    pub transcript: Vec<Told>,
    /// The attempt count when asked: the answer goes back with it
    /// ([`super::Act::Computer`]), so a stale answer is dropped.
    pub asked: usize,
    /// "Move now" was pressed: answer with a short search.
    pub hurry: bool,
}

/// How far the computer's search has gone on its attempt `asked`, as the
/// worker reports it: `words` (`depth 6 · 16 of 16 boards`), `done` of
/// `total` milliseconds of its level's time, and the attempt it would make
/// now, which "Move now" plays at once.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerThought {
    pub asked: usize,
    pub words: String,
    pub done: u64,
    pub total: u64,
    pub best: Option<Attempt>,
}

/// The person to move's request for a hint: their own transcript, to be
/// thought over by the default computer player.
#[derive(Clone, Debug, PartialEq)]
pub struct SuggestionRequest {
    pub kind: Opponent,
    pub seed: u64,
    pub transcript: Vec<Told>,
    pub asked: usize,
}

impl GameTable {
    /// The automated player's turn, when one is to move in a game going on.
    pub fn computer_turn(&self) -> Option<ComputerTurn> {
        if self.game.outcome().is_some() {
            return None;
        }
        let color = self.game.turn();
        let kind = self.seats.computer(color)?;
        let asked = self.game.log().len();
        Some(ComputerTurn {
            color,
            kind,
            seed: seed_of(&self.id, asked),
            transcript: self.game.transcript(color),
            asked,
            hurry: self.hurried == Some(asked),
        })
    }

    /// The attempt count when an automated player is to move (cheap: the
    /// page's effect keys on it and builds the [`ComputerTurn`], with its
    /// transcript, only when it changes).
    pub fn computer_to_move(&self) -> Option<usize> {
        let to_move =
            self.game.outcome().is_none() && self.seats.computer(self.game.turn()).is_some();
        to_move.then(|| self.game.log().len())
    }

    /// How far the computer's search has gone on its current attempt.
    pub fn computer_thought(&self) -> Option<&ComputerThought> {
        let asked = self.computer_to_move()?;
        self.thought.as_ref().filter(|t| t.asked == asked)
    }

    /// Takes in the worker's progress on attempt `asked`.
    pub(super) fn heard_thinking(&mut self, asked: usize, words: String, done: u64, total: u64) {
        if self.computer_to_move() != Some(asked) {
            return;
        }
        let best = self
            .thought
            .take()
            .filter(|t| t.asked == asked)
            .and_then(|t| t.best);
        self.thought = Some(ComputerThought {
            asked,
            words,
            done,
            total,
            best,
        });
    }

    /// Takes in the attempt the computer would make now on attempt `asked`.
    pub(super) fn heard_best(&mut self, asked: usize, attempt: Attempt) {
        if self.computer_to_move() != Some(asked) {
            return;
        }
        match self.thought.as_mut().filter(|t| t.asked == asked) {
            Some(t) => t.best = Some(attempt),
            None => {
                self.thought = Some(ComputerThought {
                    asked,
                    words: String::new(),
                    done: 0,
                    total: 0,
                    best: Some(attempt),
                })
            }
        }
    }

    /// Whether "Move now" was pressed for the automated player's current
    /// attempt (the page asks again, hurried, when this turns true).
    pub fn hurried(&self) -> bool {
        self.computer_to_move().is_some() && self.hurried == Some(self.game.log().len())
    }

    /// The hint for the person to move, if one was asked for since the
    /// last attempt.
    pub fn hint(&self) -> Option<Suggestion> {
        self.hint
            .filter(|h| h.asked == self.game.log().len() && self.game.outcome().is_none())
    }

    /// What the worker must think over for the hint still awaited.
    pub fn hint_request(&self) -> Option<SuggestionRequest> {
        let hint = self.hint().filter(|h| h.attempt.is_none())?;
        Some(SuggestionRequest {
            kind: Opponent::DEFAULT,
            seed: seed_of(&self.id, hint.asked) ^ 0x4849_4e54,
            transcript: self.game.transcript(hint.color),
            asked: hint.asked,
        })
    }

    /// Attempts made so far (moves and refused tries).
    pub fn attempts(&self) -> usize {
        self.game.log().len()
    }
}

/// A seed from the game's id and the attempt count (FNV-1a).
fn seed_of(id: &str, asked: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes().chain((asked as u64).to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
