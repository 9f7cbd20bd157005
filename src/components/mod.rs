//! Reusable pieces of the page.

pub mod board;
pub mod board_view;
pub mod error_banner;
pub mod frame;
pub mod histogram;
pub mod new_game;
pub mod progress;

pub use board::{Board, BoardSquare, BoardView, SquareView};
pub use error_banner::{ErrorBanner, ErrorContext, Errors};
pub use frame::PageFrame;
pub use histogram::{group_digits, Histogram, Series};
pub use new_game::NewGameForm;
pub use progress::ProgressBar;
