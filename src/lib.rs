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

pub use app::{App, Route};
