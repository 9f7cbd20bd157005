//! Fog chess puzzles: the format, the collection, the solver and the umpire.
//!
//! - [`puzzle`]: a puzzle as data (known men by FEN, hidden men with their
//!   squares, goal, moves, rules, credits), read from JSON and checked, and
//!   its link code.
//! - [`collection`]: the published problems and puzzles, compiled in.
//! - [`generate`]: new problems — random positions kept when the solver
//!   proves them sound, graded by its effort and their tries.
//! - [`generated`]: the shipped set of generated problems (a static file
//!   the page fetches) and the choice of today's problem.
//! - [`solver`]: the belief-state AND-OR search that decides whether White
//!   forces the stipulation whatever the hidden men are, with its proof,
//!   cooks, the audit of a proof and several threads sharing one root.
//! - [`umpire`]: a person solving a puzzle against an umpire that keeps
//!   every consistent game and fights back.
//!
//! Everything here is built on the engine's rules, information models and
//! beliefs ([`fogbound_engine::belief`]): the engine decides what White is
//! told, exactly as in play. No web dependencies; no clock.

pub mod collection;
pub mod generate;
pub mod generated;
pub mod proof;
pub mod puzzle;
pub mod solver;
pub mod umpire;
