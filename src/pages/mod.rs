//! One module per route.

mod about;
mod fog_lab;
mod fox_hounds;
mod games;
mod home;
mod krk;
mod not_found;
mod play;
mod puzzles;
mod replay;
mod rules;
mod solvers;

#[cfg(target_arch = "wasm32")]
pub use {
    about::About,
    fog_lab::FogEndgames,
    fox_hounds::FoxHounds,
    games::{CorruptSaves, Games},
    home::Home,
    krk::Krk,
    not_found::NotFound,
    play::Play,
    puzzles::{PuzzleEditor, PuzzleSolve, Puzzles, SolutionTree},
    replay::ReplayPage,
    rules::Rules,
    solvers::Solvers,
};

use std::rc::Rc;

use crate::components::BoardView;

/// A board view from a placement string known to be valid (the page's own
/// constants); an empty board if it is not, so a typo can never panic.
pub(crate) fn board_from(files: u8, ranks: u8, placement: &str) -> Rc<BoardView> {
    Rc::new(
        BoardView::from_placement(files, ranks, placement)
            .unwrap_or_else(|| BoardView::empty(files, ranks)),
    )
}
