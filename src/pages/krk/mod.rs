//! King + Rook vs King: solve any n×n board in the worker, see the figures
//! and the depth-to-mate distribution, and play either side against
//! perfect play with every legal move's result shown. `state.rs` the
//! reducer, `view.rs` the drawing.

mod page;
mod state;
mod view;

#[cfg(target_arch = "wasm32")]
pub use page::Krk;
