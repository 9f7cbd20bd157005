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

pub use about::About;
pub use fog_lab::FogEndgames;
pub use fox_hounds::FoxHounds;
pub use games::{CorruptSaves, Games};
pub use home::Home;
pub use krk::Krk;
pub use not_found::NotFound;
pub use play::Play;
pub use puzzles::{PuzzleEditor, PuzzleSolve, Puzzles, SolutionTree};
pub use replay::ReplayPage;
pub use rules::Rules;
pub use solvers::Solvers;

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
