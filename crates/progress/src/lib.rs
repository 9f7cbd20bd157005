//! Progress reporting and cancellation shared by every long computation:
//! the retrograde solvers (`fogbound-solvers`) and the puzzle solver
//! (`fogbound-puzzles`) report through [`Progress`], and the page's worker
//! and the command line listen (a bar, a time limit, a Stop button).
//!
//! A crate of its own so that neither solver crate depends on the other,
//! nor the retrograde solvers on the rules engine, just for this trait.

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A computation that reports each of `steps` and stops when told.
    fn count(steps: u64, progress: &mut dyn Progress) -> Result<u64, Cancelled> {
        for done in 0..steps {
            progress.report("counting", done, steps)?;
        }
        Ok(steps)
    }

    #[test]
    fn a_closure_hears_every_report_and_can_cancel() {
        let mut heard = Vec::new();
        let mut stop_at_two = |pass: &str, done, total| {
            heard.push((pass.to_string(), done, total));
            if done == 2 {
                Err(Cancelled)
            } else {
                Ok(())
            }
        };
        assert_eq!(count(5, &mut stop_at_two), Err(Cancelled));
        assert_eq!(heard.len(), 3);
        assert_eq!(heard[2], ("counting".to_string(), 2, 5));
        assert_eq!(count(5, &mut Silent), Ok(5));
        assert_eq!(Cancelled.to_string(), "cancelled");
    }
}
