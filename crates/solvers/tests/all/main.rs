//! The solvers' integration tests: one binary, so the crate is linked once
//! for every topic.
//!
//! - `fox_hounds`, `krk`: the published figures, and small boards against
//!   brute-force solvers written here;
//! - `krk_strategy`: the quadrant strategy played out against the tables;
//! - `fog_endgame`, `fog_tables`: the Fog of War endgames against a brute
//!   force and the engine's Fog of War model, the paper's claims, the two
//!   searches and the lab's files;
//! - `fog_paper_kq`: the paper's K+Q strategy checked from outside.
//!
//! `support` holds what they share. The opt-in (`#[ignore]`) tests are the
//! big boards: `cargo test --release -p fogbound-solvers --test all --
//! --ignored`.

mod fog_endgame;
mod fog_paper_kq;
mod fog_tables;
mod fox_hounds;
mod krk;
mod krk_strategy;
mod support;
