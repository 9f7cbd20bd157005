//! The messages between the page and the worker. Every request carries an id
//! that its progress reports and its answer repeat, so the page can ignore
//! messages from a job it has already abandoned.

use fogbound_solvers::{fox_hounds as fh, krk};
use serde::{Deserialize, Serialize};

/// A computation the worker knows how to run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// Count the leaves of the legal-move tree (`perft`), the standard check
    /// of a move generator, from `fen` (or the variant's start position).
    Perft {
        variant: String,
        fen: Option<String>,
        depth: u32,
    },
    /// Solve King+Rook vs King on a `size`×`size` board; the worker keeps
    /// the table for the queries below.
    KrkSolve { size: u32 },
    /// The value and scored legal moves of a KRK position (solving first if
    /// the table for `size` is not at hand).
    KrkExplore { size: u32, position: krk::Position },
    /// A random legal KRK position with `side` to move that White wins
    /// (any position if `won_only` is false).
    KrkRandom {
        size: u32,
        side: krk::Side,
        seed: u64,
        won_only: bool,
    },
    /// Solve KRK on every board from 3×3 to `max_size` and compare the
    /// longest mates with the quadrant strategy.
    KrkGrowth { max_size: u32 },
    /// Play the table-free quadrant strategy out on a `size`×`size` board
    /// against the table's defence (every `stride`-th start) and, if
    /// `exhaustive`, against every defence from every start.
    KrkStrategy {
        size: u32,
        stride: u64,
        exhaustive: bool,
    },
    /// Solve Fox & Hounds on a `size`×`size` board; the worker keeps it.
    FoxSolve { size: u8 },
    /// A position's evaluation, its scored moves, and the AI's move weights
    /// for fuzz factor `p` (solving first if needed).
    FoxExplore {
        size: u8,
        position: fh::Position,
        p: f64,
    },
    /// One of the seed's named positions on this board.
    FoxNamed { size: u8, name: fh::NamedPosition },
    /// The chances of optimal play against the AI with fuzz factor `p`.
    FoxFuzz { size: u8, p: f64 },
    /// The fairest fuzz factor by bisection (`steps` halvings of [0, 1]).
    FoxFairest { size: u8, steps: u32 },
    /// The computer's attempt: the player `kind` (an id of the player
    /// catalogue) seeded with `seed`, kept by the worker from move to move,
    /// is brought up to `transcript` (its own side's observations and
    /// resolutions, nothing else) and asked what it tries.
    /// `hurry`: the person pressed "Move now"; a short search answers.
    Think {
        kind: String,
        seed: u64,
        transcript: Vec<fogbound_engine::Told>,
        hurry: bool,
    },
    /// A hint for a person: what a fresh `kind` told that person's
    /// `transcript` would try.
    Hint {
        kind: String,
        seed: u64,
        transcript: Vec<fogbound_engine::Told>,
    },
    /// What the bot at `level` believed through a finished game: it is told
    /// its side's `transcript` again, seeded with `seed`, and pictures its
    /// belief after each entry.
    Beliefs {
        level: String,
        seed: u64,
        transcript: Vec<fogbound_engine::Told>,
    },
    /// The Fog of War endgame lab: every material's figures in a reading
    /// (`sighted` or `blind`) on the `size`×`size` board (8; smaller boards
    /// have the paper's three materials, sighted), from the shipped starts
    /// files. Every lab job
    /// names the folder of the files (`files`, an absolute URL: the
    /// worker runs from a blob and has no address of its own).
    FogLabFigures {
        reading: String,
        size: u8,
        files: String,
    },
    /// A start's verdict (White's `men`, king first, and the black king's
    /// square) and the map of every king square for those men.
    FogLabVerdict {
        material: String,
        men: Vec<u8>,
        king: u8,
        files: String,
    },
    /// The optimal line from a won start, or Black's answer to every White
    /// move from a state White does not win (`set`: the king's squares).
    FogLabExplain {
        material: String,
        men: Vec<u8>,
        set: u64,
        files: String,
    },
    /// A fog puzzle (its JSON) rebuilt from the person's `steps` so far,
    /// then `attempt` (attempt text) answered by the umpire that fights
    /// back.
    PuzzleTurn {
        puzzle: String,
        steps: Vec<fogbound_puzzles::umpire::Step>,
        attempt: Option<String>,
    },
    /// The solver on a fog puzzle (its JSON), within `max_nodes`: the key
    /// and the proof as a tree; with `cooks`, the key and every other
    /// first move tested instead (no tree). The puzzle page asks for the
    /// first, then the second, so the proof shows while cooks are looked
    /// for.
    PuzzleSolve {
        puzzle: String,
        max_nodes: u64,
        cooks: bool,
    },
}

/// The answer to a [`Job`], one variant per job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JobResult {
    Perft {
        nodes: u64,
        divide: Vec<(String, u64)>,
    },
    KrkSolved(krk::KrkSummary),
    KrkExplored {
        position: krk::Position,
        value: krk::Value,
        moves: Vec<krk::ScoredMove>,
    },
    KrkRandom(krk::Position),
    KrkGrowth(Vec<krk::quadrant::GrowthRow>),
    KrkStrategy(krk::strategy::StrategyRow),
    FoxSolved {
        summary: fh::Summary,
        counts: Vec<(fh::Evaluation, u64)>,
    },
    FoxExplored {
        position: fh::Position,
        evaluation: fh::Evaluation,
        over: bool,
        moves: Vec<fh::MoveOutcome>,
        /// The AI's weight for each move of `moves` (same order).
        weights: Vec<f64>,
        fox_box: Option<fh::FoxBoxInfo>,
    },
    FoxNamed(fh::Position),
    FoxFuzz(fh::FuzzOdds),
    /// Each bisection step: (p, the underdog's chance).
    FoxFairest(Vec<(f64, f64)>),
    /// What the automated player tries.
    Attempt(fogbound_engine::Attempt),
    Beliefs(Vec<fogbound_players::trace::BeliefFrame>),
    FogLabFigures(Vec<super::fog_lab::LabFigures>),
    FogLabVerdict(super::fog_lab::LabVerdict),
    FogLabExplained(super::fog_lab::LabExplained),
    PuzzleTurn(Box<super::puzzle::PuzzleTurn>),
    PuzzleSolved(Box<fogbound_puzzles::solver::Solution>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub job: Job,
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
    /// whose WebAssembly memory then held `memory_bytes`.
    Done {
        id: u64,
        result: JobResult,
        millis: f64,
        memory_bytes: u64,
    },
    /// The job could not be done (bad input); `message` says why.
    Failed { id: u64, message: String },
}

impl Response {
    pub fn id(&self) -> u64 {
        match self {
            Response::Progress { id, .. }
            | Response::Done { id, .. }
            | Response::Failed { id, .. } => *id,
        }
    }
}
