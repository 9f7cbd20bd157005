//! Retrograde solvers and game-theory tools. No web dependencies: everything here
//! builds natively and for `wasm32-unknown-unknown`, and reports progress through
//! [`Progress`] so that the page can show a bar and cancel.

pub mod fog_endgame;
pub mod fox_hounds;
pub mod krk;

pub use fogbound_progress as progress;
pub use fogbound_progress::{Cancelled, Progress};
