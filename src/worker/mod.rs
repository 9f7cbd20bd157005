//! The page's side of the Web Worker. The worker itself, with the jobs'
//! and answers' types of every domain, is the `fogbound-worker` package
//! (`worker/`), re-exported here so the pages name it as `crate::worker`.
//!
//! - [`client`] and [`slot`]: the page side, generic over the domain — a
//!   page encodes and decodes only its own domain's types.

pub mod client;
pub mod slot;

pub use client::{ClientEvent, ComputeClient};
pub use fogbound_worker::*;
