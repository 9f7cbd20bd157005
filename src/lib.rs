//! The fogbound web app (Yew). The binaries `fogbound-app` (the page),
//! `study` (the study pages, a second module the page loads when one is
//! visited) and `worker` (the Web Worker for heavy computations) are thin
//! entry points over this library, so that components can be tested with
//! wasm-bindgen-test.
//!
//! Map: `app` holds the routes and the frame; `study` the study pages' app
//! and `study_host` where the page mounts it; `pages/` one module per route;
//! `components/` reusable pieces (board, error banner, progress bar);
//! `worker/` the typed protocol, the worker itself and the page-side client;
//! `panic` the panic hook that keeps a failure readable; `query` the
//! addresses' parameters, read as browsers write them.
//!
//! The web stack (yew, web-sys, gloo, wasm-bindgen) is a dependency of the
//! wasm32 build only. Natively the library is the app's logic: the game
//! table, settings, records and replay, the pages' states and reducers, the
//! board's model; the native tests check it without compiling a browser's
//! bindings. A file that draws or touches the browser says so in its first
//! lines (`#![cfg(target_arch = "wasm32")]`), and a file that mixes the two
//! puts the same gate on its browser items.

// Natively the browser's items are gated out, and what only they use goes
// unused: dead code is the wasm32 build's (the page's) to report.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

pub mod app;
pub mod components;
pub mod decimal;
pub mod js_error;
pub mod local_storage;
pub mod pages;
pub mod panic;
pub mod play;
pub mod query;
pub mod study;
pub mod study_host;
pub mod worker;

// The workspace's layering (crate graph, import cycles, no model
// branches in the app): native only, it reads the manifests and sources.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

#[cfg(target_arch = "wasm32")]
pub use app::{App, Route};
