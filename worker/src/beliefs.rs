//! The beliefs domain: what the bot believed through a finished game, for
//! the replay ([`fogbound_players::trace`]).

use fogbound_engine::Told;
use fogbound_players::trace::{belief_trace, BeliefFrame};
use fogbound_players::BotLevel;
use serde::{Deserialize, Serialize};

use super::protocol::{Domain, DomainId};
use super::Report;

/// The beliefs domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BeliefJobs;

impl Domain for BeliefJobs {
    const ID: DomainId = DomainId::Beliefs;
    type Job = BeliefJob;
    type Answer = Vec<BeliefFrame>;
}

/// The bot at `level` is told its side's `transcript` again, seeded with
/// `seed`, and pictures its belief after each entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BeliefJob {
    #[serde(with = "super::by_id")]
    pub level: BotLevel,
    pub seed: u64,
    pub transcript: Vec<Told>,
}

/// Runs `job`, reporting entry by entry.
pub fn run(job: &BeliefJob, report: Report<'_>) -> Vec<BeliefFrame> {
    belief_trace(job.level, job.seed, &job.transcript, &mut |done, total| {
        report("what the computer believed", done, total)
    })
}
