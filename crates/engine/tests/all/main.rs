//! The engine's integration tests: one binary, so the engine is linked
//! once for every topic.
//!
//! - `game`, `notation`: positions, termination, FEN and move text;
//! - `oracle`, `capture_king`, `foolish`: move generation against
//!   shakmaty and against `reference`, a second generator written here;
//! - `one_move`: the test of one move's legality against the generator;
//! - `models`, `information`: each information model's rules by hand-built
//!   positions, and random matches in which no hidden man ever leaks;
//! - `umpire_conformance`: the Kriegspiel umpire against its corpus
//!   (`tests/data/umpire-conformance.txt`), and nonsense never legal nor
//!   heard;
//! - `persistence`, `pgn_interop`: saves, PGN and share codes, read back by
//!   the engine and by an independent PGN reader.
//!
//! `support` holds what they share. The page's build (the `one-bitboard`
//! feature) plays 8×8 chess on `Bitboard128`: `oracle` and `information`
//! run it on that width too, and the browser tests (`tests/browser/` of the
//! app, built with the feature) check which boards that build holds and
//! read games back from their links on it.

mod capture_king;
mod counted_moves;
mod foolish;
mod game;
mod information;
mod models;
mod notation;
mod one_move;
mod oracle;
// These two make `AnyMatch`es of matches of every width, which the
// `one-bitboard` build (every match on one width) cannot hold: the gates
// keep a manual run with the feature building (`./dev test` runs the
// browser tests with it, not this binary).
#[cfg(not(feature = "one-bitboard"))]
mod persistence;
#[cfg(not(feature = "one-bitboard"))]
mod pgn_interop;
mod reference;
mod support;
mod umpire_conformance;
mod views;
