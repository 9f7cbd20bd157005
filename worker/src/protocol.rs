//! The messages between the page and the worker, typed by domain.
//!
//! A domain is a family of jobs whose code (and whatever the worker keeps
//! between them: a solved table, the computer's player) lives together:
//! perft, KRK, Fox & Hounds, the endgame lab, puzzles, the computer's
//! attempts, its beliefs. Each has its own job and answer types and its run
//! function in its own file under `worker/src/`, and implements [`Domain`].
//!
//! On the wire a request names its domain and carries the job as bytes, and
//! an answer comes back as bytes: a page serializes and decodes only its own
//! domain's types (the page-side client is generic over the domain), so no
//! page holds the decoder of another page's answers, and no page can be
//! handed an answer of a kind it did not ask for.
//!
//! Every request carries an id that its progress reports and its answer
//! repeat, so the page can ignore messages from a job it has abandoned.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The worker's domains, as a request names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DomainId {
    Perft,
    Krk,
    Fox,
    Lab,
    Puzzle,
    Computer,
    Beliefs,
}

/// A domain of jobs: its id on the wire, the job a page sends and the
/// answer it gets back.
pub trait Domain: 'static {
    const ID: DomainId;
    type Job: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static;
    type Answer: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static;
}

/// A job for the worker: `job` is the domain's job type, encoded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub domain: DomainId,
    pub job: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The job `id` is in pass `pass`, `done` of `total` units.
    Progress {
        id: u64,
        pass: String,
        done: u64,
        total: u64,
    },
    /// The job finished after `millis` milliseconds of work in the worker,
    /// whose WebAssembly memory then held `memory_bytes`; `answer` is the
    /// domain's answer type, encoded.
    Done {
        id: u64,
        answer: Vec<u8>,
        millis: f64,
        memory_bytes: u64,
    },
    /// The job's best answer so far (the computer's attempt while it
    /// thinks), encoded as the domain's answer type; the job goes on.
    Interim { id: u64, answer: Vec<u8> },
    /// The job could not be done (bad input); `message` says why.
    Failed { id: u64, message: String },
}

impl Response {
    pub fn id(&self) -> u64 {
        match self {
            Response::Progress { id, .. }
            | Response::Interim { id, .. }
            | Response::Done { id, .. }
            | Response::Failed { id, .. } => *id,
        }
    }
}

/// A job or an answer as bytes (bincode, the encoding gloo-worker itself
/// uses for the messages around them).
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    bincode::serialize(value).map_err(|e| format!("the message could not be written ({e})"))
}

/// The value `bytes` encode; a message that does not read as a `T` (a page
/// and a worker of different builds) is an error, never a panic.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    bincode::deserialize(bytes).map_err(|e| format!("the message could not be read ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_of_another_type_is_an_error_not_a_panic() {
        let bytes = encode(&(7u8, String::from("x"))).unwrap();
        assert_eq!(decode::<(u8, String)>(&bytes).unwrap(), (7, "x".into()));
        assert!(decode::<Vec<String>>(&bytes).is_err());
        assert!(decode::<u64>(&[1, 2]).is_err());
    }
}
