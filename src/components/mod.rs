//! Reusable pieces of the page.

pub mod board;
pub mod board_view;
pub mod error_banner;
pub mod frame;
pub mod histogram;
pub mod new_game;
pub mod progress;
pub mod select;

#[cfg(target_arch = "wasm32")]
pub use board::Board;
pub use board::{BoardSquare, BoardView, SquareView};
#[cfg(target_arch = "wasm32")]
pub use error_banner::{ErrorBanner, ErrorContext, Errors};
#[cfg(target_arch = "wasm32")]
pub use frame::PageFrame;
pub use histogram::group_digits;
#[cfg(target_arch = "wasm32")]
pub use histogram::{Histogram, Series};
#[cfg(target_arch = "wasm32")]
pub use new_game::NewGameForm;
#[cfg(target_arch = "wasm32")]
pub use progress::ProgressBar;
#[cfg(target_arch = "wasm32")]
pub use select::on_select;
