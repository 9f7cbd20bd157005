//! Progress reporting and cancellation shared by every long computation.

/// A long computation calls [`Progress::report`] now and then with the name of
/// the pass it is in and how far along it is (`done` out of `total` units).
/// Returning `Err(Cancelled)` asks the computation to stop as soon as it can.
pub trait Progress {
    fn report(&mut self, pass: &str, done: u64, total: u64) -> Result<(), Cancelled>;
}

/// The computation was stopped by its caller before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// Ignores every report and never cancels.
pub struct Silent;

impl Progress for Silent {
    fn report(&mut self, _pass: &str, _done: u64, _total: u64) -> Result<(), Cancelled> {
        Ok(())
    }
}

impl<F: FnMut(&str, u64, u64) -> Result<(), Cancelled>> Progress for F {
    fn report(&mut self, pass: &str, done: u64, total: u64) -> Result<(), Cancelled> {
        self(pass, done, total)
    }
}
