//! Fox & Hounds: solve any board from 2×2 to 10×10 in the worker, compare
//! with the published table, explore the AI's fuzz factor, and play either
//! side against the AI from the published example positions. `state.rs` the
//! reducer, `view.rs` the drawing.

mod page;
mod state;
mod view;

#[cfg(target_arch = "wasm32")]
pub use page::FoxHounds;
