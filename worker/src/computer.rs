//! The computer's domain: an automated seat's attempt in a game, and a hint
//! for a person — both an [`Attempt`] worked out from one side's transcript
//! (what that side was told, nothing else).

use fogbound_engine::{Attempt, Observation, Told};
use fogbound_players::budget::{Clock, Thought};
use fogbound_players::seat::Seat;
use fogbound_players::Opponent;
use serde::{Deserialize, Serialize};

use super::protocol::{Domain, DomainId};
use super::Report;

/// The computer's domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ComputerJobs;

impl Domain for ComputerJobs {
    const ID: DomainId = DomainId::Computer;
    type Job = ComputerJob;
    type Answer = Attempt;
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ComputerJob {
    /// The computer's attempt: the automated player `opponent` seeded with
    /// `seed`, kept by the worker from move to move, is brought up to
    /// `transcript` (its own side's observations and resolutions, nothing
    /// else) and asked what it tries. `hurry`: the person pressed "Move
    /// now"; a short search answers.
    Think {
        #[serde(with = "super::by_id")]
        opponent: Opponent,
        seed: u64,
        transcript: Vec<Told>,
        hurry: bool,
    },
    /// A hint for a person: what a fresh `opponent` told that person's
    /// `transcript` would try.
    Hint {
        #[serde(with = "super::by_id")]
        opponent: Opponent,
        seed: u64,
        transcript: Vec<Told>,
    },
}

/// The node budget of an attempt asked for with "Move now": a glance at
/// a few boards of the belief instead of the level's full search.
pub const HURRIED_NODES: u64 = 2_000;

/// The automated player the worker keeps between the game's turns.
pub type KeptSeat = Option<Seat>;

/// How the worker lets the computer think by the clock: `now` reads the
/// clock in milliseconds (`performance.now()`), `report` hears its progress
/// (`depth 6 · 16 boards`, milliseconds spent of its level's time) and
/// `best` each attempt it would make now — the page plays the latest when
/// "Move now" is pressed. Without it (tests, replays) the bot searches its
/// level's node budget: the same seed gives the same attempt.
pub struct Thinking<'a> {
    pub now: fn() -> f64,
    pub report: Report<'a>,
    pub best: &'a mut dyn FnMut(&Attempt),
}

/// A clock read through a function.
struct FnClock(fn() -> f64);

impl Clock for FnClock {
    fn now_ms(&self) -> f64 {
        (self.0)()
    }
}

/// Runs `job`; a `Think` uses and keeps the game's seat, and thinks by the
/// clock when given `thinking`.
pub fn run(
    job: &ComputerJob,
    kept: &mut KeptSeat,
    thinking: Option<Thinking<'_>>,
) -> Result<Attempt, String> {
    match job {
        ComputerJob::Think {
            opponent,
            seed,
            transcript,
            hurry,
        } => match thinking {
            Some(thinking) if !*hurry => {
                think_by_clock(kept, *opponent, *seed, transcript, thinking)
            }
            _ => think(kept, *opponent, *seed, transcript, *hurry),
        },
        ComputerJob::Hint {
            opponent,
            seed,
            transcript,
        } => hint(*opponent, *seed, transcript),
    }
}

/// The computer's attempt in a game: `opponent` seeded with `seed`, kept
/// in `seat` between moves and brought up to `transcript` (its own side's
/// views; a seat that does not fit starts over and catches up, see
/// [`Seat`]). `hurry` cuts its search to [`HURRIED_NODES`].
pub fn think(
    seat: &mut KeptSeat,
    opponent: Opponent,
    seed: u64,
    transcript: &[Told],
    hurry: bool,
) -> Result<Attempt, String> {
    let last = their_turn(transcript)?;
    let seat = seated(seat, opponent, seed, transcript);
    Ok(seat.attempt(&last, hurry.then_some(HURRIED_NODES)))
}

/// The game's seat kept in `seat` when it is `opponent` seeded with
/// `seed`, else a new one, brought up to `transcript`.
fn seated<'s>(
    seat: &'s mut KeptSeat,
    opponent: Opponent,
    seed: u64,
    transcript: &[Told],
) -> &'s mut Seat {
    if !seat.as_ref().is_some_and(|s| s.is(opponent, seed)) {
        *seat = None;
    }
    let seat = seat.get_or_insert_with(|| Seat::new(opponent, seed));
    seat.catch_up(transcript);
    seat
}

/// The computer's attempt in a game as [`think`], but thinking for its
/// level's time by `thinking`'s clock and telling it the best attempt so
/// far after every board the search finishes.
pub fn think_by_clock(
    seat: &mut KeptSeat,
    opponent: Opponent,
    seed: u64,
    transcript: &[Told],
    thinking: Thinking<'_>,
) -> Result<Attempt, String> {
    let last = their_turn(transcript)?;
    let seat = seated(seat, opponent, seed, transcript);
    let Thinking { now, report, best } = thinking;
    let budget = match opponent {
        Opponent::Bot(level) => level.level().ms,
        _ => 0,
    };
    let started = now();
    let mut listener = |thought: &Thought| {
        best(&thought.best);
        let spent = (now() - started).max(0.0) as u64;
        report(&thinking_words(thought), spent.min(budget), budget.max(1));
        true
    };
    Ok(seat.attempt_thinking(&last, Box::new(FnClock(now)), &mut listener))
}

/// What the computer's progress says: how deep every board searched so
/// far went, and on how many boards of its sample.
pub fn thinking_words(thought: &Thought) -> String {
    let boards = if thought.boards == 1 {
        "board"
    } else {
        "boards"
    };
    format!(
        "depth {} · {} of {} {boards}",
        thought.depth, thought.boards, thought.sample
    )
}

/// What `opponent` would try for a person: a fresh one told the person's
/// own `transcript` (not kept: the person's attempts were not its own).
pub fn hint(opponent: Opponent, seed: u64, transcript: &[Told]) -> Result<Attempt, String> {
    let last = their_turn(transcript)?;
    let mut player = opponent.build(seed);
    for told in transcript {
        told.tell(player.as_mut());
    }
    Ok(player.attempt(&last))
}

/// The latest observation of `transcript`, if it is that side's turn.
fn their_turn(transcript: &[Told]) -> Result<Observation, String> {
    let last = transcript
        .last()
        .ok_or("the automated player was told nothing")?
        .observation()
        .clone();
    if last.turn != last.player || last.outcome.is_some() {
        return Err("it is not the automated player's turn".into());
    }
    Ok(last)
}
