//! The job bookkeeping every page that uses the worker shares: the job to
//! start next, its progress, and the last message. A page keeps a
//! [`JobSlot`] of its domain in its reducer state, asks for a job with
//! [`JobSlot::start`], feeds every [`ClientEvent`] to [`JobSlot::receive`]
//! (which handles progress, cancellation and failure and hands back a
//! finished answer), and lets [`use_job_runner`] send the requested job to
//! the worker.

#[cfg(target_arch = "wasm32")]
use {super::ComputeClient, std::rc::Rc, yew::prelude::*};

use super::{ClientEvent, Domain};

#[derive(Clone, Debug, PartialEq)]
pub struct JobSlot<D: Domain> {
    /// The pass under way, `done` of `total`; `None` when idle.
    pub progress: Option<(String, u64, u64)>,
    /// The last failure or "Stopped." for the page to show.
    pub message: Option<String>,
    /// The last job was stopped (its message is "Stopped.").
    pub stopped: bool,
    /// The job to send next, numbered so that an effect notices a new one.
    next: Option<(u64, D::Job)>,
    started: u64,
}

impl<D: Domain> Default for JobSlot<D> {
    fn default() -> Self {
        JobSlot {
            progress: None,
            message: None,
            stopped: false,
            next: None,
            started: 0,
        }
    }
}

/// A finished job's answer.
#[derive(Debug)]
pub struct Finished<A> {
    pub answer: A,
    pub millis: f64,
    pub memory_bytes: u64,
}

impl<D: Domain> JobSlot<D> {
    /// Asks for `job` to be sent to the worker.
    pub fn start(&mut self, job: D::Job) {
        self.started += 1;
        self.next = Some((self.started, job));
        self.progress = Some(("starting".into(), 0, 1));
        self.message = None;
        self.stopped = false;
    }

    /// Forgets a request already handed to the runner; call at the start of
    /// every reduction so that a job is sent once.
    pub fn sent(&mut self) {
        self.next = None;
    }

    /// The job waiting to be sent, if any (what a test runs natively).
    pub fn next_job(&self) -> Option<D::Job> {
        self.next.as_ref().map(|(_, job)| job.clone())
    }

    pub fn busy(&self) -> bool {
        self.progress.is_some()
    }

    /// Takes in a worker event; returns the answer when a job finished.
    pub fn receive(&mut self, event: ClientEvent<D::Answer>) -> Option<Finished<D::Answer>> {
        match event {
            ClientEvent::Progress { pass, done, total } => {
                self.progress = Some((pass, done, total));
                None
            }
            // Only the computer's domain answers before it is done, and it
            // has no slot.
            ClientEvent::Interim(_) => None,
            ClientEvent::Cancelled => {
                self.progress = None;
                self.message = Some("Stopped.".into());
                self.stopped = true;
                None
            }
            ClientEvent::Failed(message) => {
                self.progress = None;
                self.message = Some(message);
                None
            }
            ClientEvent::Done {
                answer,
                millis,
                memory_bytes,
            } => {
                self.progress = None;
                Some(Finished {
                    answer,
                    millis,
                    memory_bytes,
                })
            }
        }
    }
}

/// Owns the page's worker client and sends each job the slot asks for.
/// `on_event` turns worker events into the page's actions. Returns the
/// client (for Stop buttons).
#[cfg(target_arch = "wasm32")]
#[hook]
pub fn use_job_runner<D: Domain>(
    slot: &JobSlot<D>,
    on_event: Callback<ClientEvent<D::Answer>>,
) -> Rc<ComputeClient<D>> {
    let client = {
        let on_event = on_event.clone();
        use_memo((), move |_| ComputeClient::<D>::new(on_event))
    };
    {
        let client = client.clone();
        let next = slot.next.clone();
        use_effect_with(next.as_ref().map(|(n, _)| *n), move |_| {
            if let Some((_, job)) = next {
                if let Err(message) = client.run(job) {
                    on_event.emit(ClientEvent::Failed(message));
                }
            }
        });
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::perft::{PerftAnswer, PerftJob, PerftJobs};

    fn job() -> PerftJob {
        PerftJob {
            variant: "chess".into(),
            fen: None,
            depth: 1,
        }
    }

    #[test]
    fn a_slot_tracks_progress_and_hands_back_answers() {
        let mut slot = JobSlot::<PerftJobs>::default();
        slot.start(job());
        assert!(slot.busy());
        assert_eq!(slot.next_job(), Some(job()));
        slot.sent();
        assert_eq!(slot.next_job(), None);
        assert!(slot
            .receive(ClientEvent::Progress {
                pass: "p".into(),
                done: 1,
                total: 2
            })
            .is_none());
        assert_eq!(slot.progress, Some(("p".into(), 1, 2)));
        assert!(slot.receive(ClientEvent::Failed("bad".into())).is_none());
        assert!(!slot.busy());
        assert_eq!(slot.message.as_deref(), Some("bad"));
        slot.start(job());
        assert!(slot.message.is_none());
        let done = ClientEvent::Done {
            answer: PerftAnswer {
                nodes: 1,
                divide: vec![],
            },
            millis: 2.0,
            memory_bytes: 3,
        };
        let finished = slot.receive(done).expect("a finished job");
        assert_eq!(finished.millis, 2.0);
        assert_eq!(finished.answer.nodes, 1);
        assert!(!slot.busy());
    }
}
