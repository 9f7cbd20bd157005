//! Puzzles: the collection (`#/puzzles`), solving one against the umpire
//! that fights back (`#/puzzle?…`), and the editor (`#/puzzles/editor`).
//!
//! - `link`: puzzle addresses (`?id=`, `?p=`, `?json=`) and their faults;
//! - `store`: solved marks and each puzzle's progress in this browser;
//! - `collection`: the Puzzles page;
//! - `today`: its "Today's puzzle" and "Another", from the generated set;
//! - `solve_state`, `solve`: the solve page's reducer and view;
//! - `tree`: the solver's proof as a collapsible tree;
//! - `proof`: "Download the proof", the tree as the proof file (PROOFS.md);
//! - `cooks`: the solve page's line on the cooks pass (progress, Stop);
//! - `composer`: the composer's view of a solved puzzle (tries, duals);
//! - `editor_state`, `editor`: the editor's reducer and view.

mod collection;
mod composer;
mod cooks;
mod editor;
mod editor_state;
mod link;
mod proof;
mod solve;
mod solve_state;
mod store;
mod today;
mod tree;

#[cfg(target_arch = "wasm32")]
pub use {collection::Puzzles, editor::PuzzleEditor, solve::PuzzleSolve, tree::SolutionTree};
