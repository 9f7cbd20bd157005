//! The page's side of the Web Worker. The worker itself, with the jobs'
//! and answers' types of every domain, is the `fogbound-worker` package
//! (`worker/`), re-exported here so the pages name it as `crate::worker`.
//!
//! - [`client`] and [`slot`]: the page side, generic over the domain — a
//!   page encodes and decodes only its own domain's types;
//! - [`event`]: what the page hears of its job (also natively, where tests
//!   give a page's reducer the answers of jobs they ran).

pub mod client;
pub mod event;
pub mod slot;

#[cfg(target_arch = "wasm32")]
pub use client::ComputeClient;
pub use event::ClientEvent;
pub use fogbound_worker::*;
