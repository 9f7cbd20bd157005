//! What a page hears about its current job in the worker (the client's
//! events, and what a native test gives a page's reducer).

/// What the page hears about its current job, whose answer is an `A`.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientEvent<A> {
    Progress {
        pass: String,
        done: u64,
        total: u64,
    },
    Done {
        answer: A,
        millis: f64,
        memory_bytes: u64,
    },
    /// The job's best answer so far; it goes on thinking.
    Interim(A),
    Failed(String),
    Cancelled,
}

impl<A> ClientEvent<A> {
    /// A job's end as the page hears it: its answer, or why it failed.
    /// (What a native test gives a page's reducer, having run the job.)
    pub fn of(result: Result<A, String>) -> ClientEvent<A> {
        match result {
            Ok(answer) => ClientEvent::Done {
                answer,
                millis: 1.0,
                memory_bytes: 0,
            },
            Err(message) => ClientEvent::Failed(message),
        }
    }
}
