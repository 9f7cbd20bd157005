//! Heavy work off the page's thread.
//!
//! - [`protocol`]: the typed messages (request, progress, response) that
//!   cross the worker boundary;
//! - [`jobs`]: the computations themselves, plain functions testable natively;
//! - [`fog_lab`]: the endgame lab's questions, answered from shipped files;
//! - [`puzzle`]: a person's attempt against the puzzle umpire, and the solver;
//! - [`ComputeWorker`]: the gloo-worker that runs jobs and reports progress;
//! - [`client`]: the page side, which spawns the worker, routes its messages
//!   to a callback, and cancels a job by terminating the worker.

pub mod client;
pub mod fog_lab;
pub mod jobs;
pub mod protocol;
pub mod puzzle;
pub mod slot;

mod compute;

pub use client::{ClientEvent, ComputeClient};
pub use compute::ComputeWorker;
pub use protocol::{Job, JobResult, Request, Response};
