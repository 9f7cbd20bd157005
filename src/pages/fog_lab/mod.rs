//! The Fog of War endgame lab (`#/solvers/fog-endgames`): place White's men and the
//! black king, get the verdict at once, step through White's optimal line
//! against the worst-case king or through Black's escape, see which king
//! squares are won, and every material's figures beside the paper's
//! claims. The answers come from files the build writes with the solver
//! (`worker::fog_lab`); nothing is solved in the page.

mod claims;
mod page;
mod state;
mod view;

#[cfg(target_arch = "wasm32")]
pub use page::FogEndgames;
