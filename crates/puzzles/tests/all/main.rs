//! The puzzle crate's integration tests: one binary, so the crate is linked
//! once for every topic.
//!
//! - `solver`: the belief splits against whole matches under every model,
//!   Rotenberg's variations and wrong tries, unsound twins, short mates;
//! - `collection`: every entry solves with its published key and cooks,
//!   and every quick proof passes an audit;
//! - `generated`: the shipped set of generated problems: each still sound
//!   with its recorded key;
//! - `umpire`: the umpire that fights back, against the solver's proofs.
//!
//! `support` holds what they share.

mod collection;
mod generated;
mod solver;
mod support;
mod umpire;
