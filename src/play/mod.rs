//! Playing a game: one table whatever sits at it, in layers.
//!
//! - [`settings`]: a game's settings as the form and links carry them.
//! - [`seats`]: who sits at the table (people, automated players) and the
//!   curtain rule that follows.
//! - [`table`]: the game table — the match, the seats, the turn and
//!   curtain, the clock, feedback — and its actions; saving and resuming.
//! - [`input`]: a person's gestures and typed text → attempts (pickers
//!   included), one pure state machine.
//! - [`picture`]: the viewer's board, from their observation and aids only.
//! - [`record`], [`words`]: move lists, what was heard, every text shown.
//! - [`aids`], [`clock`], [`sound`]: memory aids, Fischer clocks, cues.
//! - [`state`]: the Play page's reducer state around the table.
//! - [`view`]: drawing a game; [`library`], [`replay`], [`review`]: saved
//!   games and the replay after the game.

pub mod aids;
pub mod belief;
pub mod clock;
pub mod effects;
pub mod game_id;
pub mod input;
pub mod library;
pub mod picture;
pub mod piece_codes;
pub mod record;
pub mod replay;
pub mod review;
pub mod seats;
pub mod settings;
pub mod sound;
pub mod stamp;
pub mod state;
pub mod table;
pub mod view;
pub mod words;
