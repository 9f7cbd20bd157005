//! What the puzzle tests share: Rotenberg's mate in 8, puzzles and attempts
//! from text, square names.

use fogbound_engine::{Attempt, Geometry, MoveAttempt, Square};
use fogbound_puzzles::puzzle::Puzzle;

/// Rotenberg, The Problemist 1976: White mates in 8 under the English
/// preset against a black bishop on an unknown dark square (the
/// collection's `rotenberg-1976`, without its credits).
pub const ROTENBERG: &str = r#"{"fen": "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
    "hidden": [{"piece": "b", "squares": "dark"}],
    "goal": "mate", "moves": 8, "rules": "english", "stalemate": "fail"}"#;

/// A puzzle from its JSON text.
pub fn puzzle(json: &str) -> Puzzle {
    Puzzle::from_json(json).unwrap()
}

/// A move attempt from its text (`d3f2`).
pub fn attempt(text: &str) -> MoveAttempt {
    match Attempt::parse(text, Geometry::CHESS).unwrap() {
        Attempt::Move(a) => a,
        other => panic!("{other:?}"),
    }
}

/// A square's name on the 8×8 board.
pub fn square_name(s: Square) -> String {
    Geometry::CHESS.square_name(s)
}
