//! The job bookkeeping every page that uses the worker shares: the job to
//! start next, its progress, and the last message. A page keeps a
//! [`JobSlot`] in its reducer state, asks for a job with [`JobSlot::start`],
//! feeds every [`ClientEvent`] to [`JobSlot::receive`] (which handles
//! progress, cancellation and failure and hands back a finished result), and
//! lets [`use_job_runner`] send the requested job to the worker.

use yew::prelude::*;

use super::{ClientEvent, ComputeClient, Job, JobResult};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct JobSlot {
    /// The pass under way, `done` of `total`; `None` when idle.
    pub progress: Option<(String, u64, u64)>,
    /// The last failure or "Stopped." for the page to show.
    pub message: Option<String>,
    /// The job to send next, numbered so that an effect notices a new one.
    next: Option<(u64, Job)>,
    started: u64,
}

/// A finished job's answer.
pub struct Finished {
    pub result: JobResult,
    pub millis: f64,
    pub memory_bytes: u64,
}

impl JobSlot {
    /// Asks for `job` to be sent to the worker.
    pub fn start(&mut self, job: Job) {
        self.started += 1;
        self.next = Some((self.started, job));
        self.progress = Some(("starting".into(), 0, 1));
        self.message = None;
    }

    /// Forgets a request already handed to the runner; call at the start of
    /// every reduction so that a job is sent once.
    pub fn sent(&mut self) {
        self.next = None;
    }

    /// The job waiting to be sent, if any (what a test runs natively).
    pub fn next_job(&self) -> Option<Job> {
        self.next.as_ref().map(|(_, job)| job.clone())
    }

    pub fn busy(&self) -> bool {
        self.progress.is_some()
    }

    /// Takes in a worker event; returns the answer when a job finished.
    pub fn receive(&mut self, event: ClientEvent) -> Option<Finished> {
        match event {
            ClientEvent::Progress { pass, done, total } => {
                self.progress = Some((pass, done, total));
                None
            }
            ClientEvent::Cancelled => {
                self.progress = None;
                self.message = Some("Stopped.".into());
                None
            }
            ClientEvent::Failed(message) => {
                self.progress = None;
                self.message = Some(message);
                None
            }
            ClientEvent::Done {
                result,
                millis,
                memory_bytes,
            } => {
                self.progress = None;
                Some(Finished {
                    result,
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
#[hook]
pub fn use_job_runner(
    slot: &JobSlot,
    on_event: Callback<ClientEvent>,
) -> std::rc::Rc<ComputeClient> {
    let client = {
        let on_event = on_event.clone();
        use_memo((), move |_| ComputeClient::new(on_event))
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

    #[test]
    fn a_slot_tracks_progress_and_hands_back_results() {
        let mut slot = JobSlot::default();
        slot.start(Job::KrkSolve { size: 4 });
        assert!(slot.busy());
        assert!(slot.next.is_some());
        slot.sent();
        assert!(slot.next.is_none());
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
        slot.start(Job::KrkSolve { size: 4 });
        assert!(slot.message.is_none());
        let done = ClientEvent::Done {
            result: JobResult::Perft {
                nodes: 1,
                divide: vec![],
            },
            millis: 2.0,
            memory_bytes: 3,
        };
        let finished = slot.receive(done).expect("a finished job");
        assert_eq!(finished.millis, 2.0);
        assert!(!slot.busy());
    }
}
