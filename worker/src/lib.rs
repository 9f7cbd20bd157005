//! The Web Worker: heavy work off the page's thread.
//!
//! A package of its own, apart from the app, so that the worker's build
//! (`release`, for speed) compiles the engine's crates and gloo-worker but
//! not yew, the app or most of web-sys. The page depends on it for the
//! jobs' and answers' types and to spawn [`ComputeWorker`].
//!
//! - [`protocol`]: the wire — a request names its [`Domain`] and carries the
//!   job as bytes, the answer comes back as bytes — and the `Domain` trait;
//! - one file per domain, each with its job and answer types and its run
//!   function, plain functions tested natively: [`perft`], [`krk`], [`fox`],
//!   [`lab`] (answered by [`fog_lab`] from shipped files), [`puzzle`] (a
//!   person's attempt against the umpire, and the solver), [`computer`] (an
//!   automated seat's attempt, a hint), [`beliefs`] (the bot's belief
//!   through a finished game); [`by_id`] writes catalogue values in them;
//! - [`dispatch`]: the worker's side, a request run by its domain, with what
//!   the worker keeps between jobs;
//! - [`ComputeWorker`]: the gloo-worker that runs jobs and reports progress;
//! - the page side (the app's `worker::client` and `worker::slot`) is
//!   generic over the domain: a page encodes and decodes only its own
//!   domain's types.

pub mod beliefs;
pub mod by_id;
pub mod computer;
pub mod dispatch;
pub mod fog_lab;
pub mod fox;
pub mod krk;
pub mod lab;
pub mod perft;
pub mod protocol;
pub mod puzzle;

#[cfg(target_arch = "wasm32")]
mod compute;

#[cfg(target_arch = "wasm32")]
pub use compute::ComputeWorker;
pub use protocol::{Domain, DomainId, Request, Response};

use std::fmt::Display;

use fogbound_solvers::progress::Progress;
use fogbound_solvers::Cancelled;

/// Where a job reports progress: `report(pass, done, total)`.
pub type Report<'a> = &'a mut dyn FnMut(&str, u64, u64);

/// A job's [`Report`] as the solvers' progress: every pass reported, never
/// cancelled (the page cancels by terminating the worker).
pub(crate) struct Reported<'a>(Report<'a>);

impl Progress for Reported<'_> {
    fn report(&mut self, pass: &str, done: u64, total: u64) -> Result<(), Cancelled> {
        (self.0)(pass, done, total);
        Ok(())
    }
}

pub(crate) fn progress(report: Report<'_>) -> Reported<'_> {
    Reported(report)
}

/// The solved table `kept` holds when `fits` says it is the one asked
/// for; else the old one is freed first and a new one solved in its place,
/// reporting through `report`.
pub(crate) fn kept_or_solved<'t, T, E: Display>(
    kept: &'t mut Option<T>,
    fits: impl Fn(&T) -> bool,
    report: Report<'_>,
    solve: impl FnOnce(&mut Reported<'_>) -> Result<T, E>,
) -> Result<&'t T, String> {
    if !kept.as_ref().is_some_and(fits) {
        *kept = None;
        *kept = Some(solve(&mut progress(report)).map_err(|e| e.to_string())?);
    }
    kept.as_ref()
        .ok_or_else(|| "the table was not built".to_string())
}

/// A report that goes nowhere (tests, and jobs run where no one listens).
pub fn quiet() -> impl FnMut(&str, u64, u64) {
    |_: &str, _: u64, _: u64| {}
}
