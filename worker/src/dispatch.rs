//! The worker's side of the wire: a request's job decoded as its domain's
//! job type, run by the domain's run function, and the answer encoded. Plain
//! functions, tested natively.

use super::beliefs::{self, BeliefJobs};
use super::computer::{self, ComputerJobs, KeptSeat, Thinking};
use super::fox::{self, FoxJobs, KeptSolution};
use super::krk::{self, KeptTable, KrkJobs};
use super::lab::{self, LabJobs, LabKept};
use super::perft::{self, PerftJobs};
use super::protocol::{decode, encode, Domain, DomainId};
use super::puzzle::{self, PuzzleJobs};
use super::Report;

/// What the worker keeps between jobs, per domain: solved tables (so that
/// exploring after a solve is a lookup), the lab's files, and the
/// computer's seat in the game being played.
#[derive(Default)]
pub struct Kept {
    pub krk: KeptTable,
    pub fox: KeptSolution,
    pub lab: LabKept,
    pub seat: KeptSeat,
}

/// The worker's clock and where a job's best answer so far goes (encoded),
/// for the jobs that think by the clock; without it every job runs to its
/// node budget (tests).
pub struct Host<'a> {
    pub now: fn() -> f64,
    pub interim: &'a mut dyn FnMut(Vec<u8>),
}

/// Runs the job `job` (encoded) of `domain`, calling `report(pass, done,
/// total)` as it goes, and returns the answer encoded. Bad input is an
/// `Err` with a message for the page, never a panic.
pub fn run(
    domain: DomainId,
    job: &[u8],
    kept: &mut Kept,
    report: Report<'_>,
    host: Option<Host<'_>>,
) -> Result<Vec<u8>, String> {
    let (now, mut host_interim) = match host {
        Some(Host { now, interim }) => (Some(now), Some(interim)),
        None => (None, None),
    };
    match domain {
        DomainId::Perft => answer::<PerftJobs>(job, |j| perft::run(&j, report)),
        DomainId::Krk => answer::<KrkJobs>(job, |j| krk::run(&j, &mut kept.krk, report)),
        DomainId::Fox => answer::<FoxJobs>(job, |j| fox::run(&j, &mut kept.fox, report)),
        DomainId::Lab => answer::<LabJobs>(job, |j| lab::run(&j, &mut kept.lab, report)),
        DomainId::Puzzle => answer::<PuzzleJobs>(job, |j| puzzle::run(&j, report)),
        DomainId::Computer => answer::<ComputerJobs>(job, |j| {
            let mut best = |attempt: &fogbound_engine::Attempt| {
                if let (Some(host), Ok(bytes)) = (host_interim.as_mut(), encode(attempt)) {
                    host(bytes);
                }
            };
            let thinking = now.map(|now| Thinking {
                now,
                report,
                best: &mut best,
            });
            computer::run(&j, &mut kept.seat, thinking)
        }),
        DomainId::Beliefs => answer::<BeliefJobs>(job, |j| Ok(beliefs::run(&j, report))),
    }
}

fn answer<D: Domain>(
    job: &[u8],
    run: impl FnOnce(D::Job) -> Result<D::Answer, String>,
) -> Result<Vec<u8>, String> {
    let job =
        decode::<D::Job>(job).map_err(|e| format!("the worker could not read the job: {e}"))?;
    encode(&run(job)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::{PerftAnswer, PerftJob};
    use crate::quiet;

    #[test]
    fn a_job_goes_through_as_bytes_and_its_answer_comes_back() {
        let job = PerftJob {
            variant: "chess".into(),
            fen: None,
            depth: 2,
        };
        let bytes = encode(&job).unwrap();
        let answer = run(
            DomainId::Perft,
            &bytes,
            &mut Kept::default(),
            &mut quiet(),
            None,
        )
        .unwrap();
        let answer: PerftAnswer = decode(&answer).unwrap();
        assert_eq!(answer.nodes, 400);
    }

    #[test]
    fn a_job_of_another_domain_is_a_message() {
        let job = encode(&PerftJob {
            variant: "chess".into(),
            fen: None,
            depth: 2,
        })
        .unwrap();
        let error = run(
            DomainId::Krk,
            &job,
            &mut Kept::default(),
            &mut quiet(),
            None,
        )
        .unwrap_err();
        assert!(error.contains("could not read the job"), "{error}");
    }

    /// The computer's job crosses the wire as the page sends it — its
    /// transcript opens with the game's rules — in every model, and is
    /// answered, thinking by a clock and posting its best attempt so far.
    #[test]
    fn the_computers_job_crosses_the_wire_in_every_model_and_is_answered() {
        use crate::computer::ComputerJob;
        use fogbound_engine::{AnyMatch, Attempt, Color, ModelSpec, Variant};
        use fogbound_players::Opponent;
        fn ticking() -> f64 {
            use std::sync::atomic::{AtomicU64, Ordering};
            static TICKS: AtomicU64 = AtomicU64::new(0);
            TICKS.fetch_add(5, Ordering::Relaxed) as f64
        }
        for (model, preset) in [
            ("open", None),
            ("fog", None),
            ("dark", None),
            ("kriegspiel", Some("english")),
            ("kriegspiel", Some("rand")),
        ] {
            let spec = ModelSpec::parse(model, preset).unwrap();
            let game = AnyMatch::new(&Variant::chess(), spec, None).unwrap();
            for opponent in ["random", "bot:beginner"] {
                let job = ComputerJob::Think {
                    opponent: Opponent::from_id(opponent).unwrap(),
                    seed: 7,
                    transcript: game.transcript(Color::White),
                    hurry: false,
                };
                let mut posted = Vec::new();
                let mut interim = |bytes: Vec<u8>| posted.push(bytes);
                let host = Host {
                    now: ticking,
                    interim: &mut interim,
                };
                let bytes = encode(&job).unwrap();
                let answer = run(
                    DomainId::Computer,
                    &bytes,
                    &mut Kept::default(),
                    &mut quiet(),
                    Some(host),
                )
                .unwrap_or_else(|e| panic!("{model} {opponent}: {e}"));
                let attempt: Attempt = decode(&answer).unwrap();
                // The bot asks "Any?" first wherever the umpire takes the
                // question (english), before any search: no report then.
                let asked = opponent.starts_with("bot")
                    && attempt == Attempt::AskAny
                    && game.observation(Color::White).actions.ask_any;
                assert!(
                    matches!(attempt, Attempt::Move(_)) || asked,
                    "{model} {opponent}: {attempt:?}"
                );
                if opponent.starts_with("bot") && !asked {
                    let last: Attempt =
                        decode(posted.last().expect("a best attempt so far")).unwrap();
                    assert_eq!(last, attempt, "{model}: the last best so far is the answer");
                }
            }
        }
    }
}
