//! The players crate's integration tests: one binary, so the crate is
//! linked once for every topic.
//!
//! - `baselines`: the random mover and the greedy baseline finish games
//!   under every model, never repeat a refused try, replay from a seed and
//!   decide from what they are told only;
//! - `bot`: the same for the computer player, and its strength against the
//!   random mover;
//! - `protocol`: protocol v1's boards, views and sessions;
//! - `trace`: the bot's belief traced through a game.
//!
//! `support` holds what they share.

mod baselines;
mod bot;
mod protocol;
mod support;
mod trace;
