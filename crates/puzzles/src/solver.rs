//! An AND-OR search over belief states for fog puzzles: does White force
//! the stipulation whatever the hidden men are and whatever Black replies?
//!
//! A belief state ([`Belief`]) is the set of positions consistent with
//! everything White has been told: at the start one per placement of the
//! hidden men. White's choice (OR) is an attempt from its own board (the
//! model's hints and pawn tries, every promotion). The answer splits the
//! belief by the [`View`](fogbound_engine::belief::View) White gets — built by the information model
//! itself ([`Observer`]), so the engine decides what White learns exactly
//! as in play — and every group must be won (AND). A refused try costs no
//! move: its group is searched again with the same moves left; a try
//! refused in every position tells White nothing and is never made (but
//! see "Any?" below). "Any?", where the preset has it, is one more choice
//! of White's: it splits the belief by the answer and costs no move, and
//! White's turn then has a stage ([`Turn`]: may still ask, asked, or told
//! "Yes" and obliged to try pawn captures — an empty pawn try lifting a
//! duty the preset lifts on one refusal); results are kept per stage, and
//! the umpire reads the stage from White's observation. After a move
//! Black, who knows everything, may play any legal reply in any
//! position (Black never makes an illegal attempt in a problem, and never
//! asks "Any?", which only tells White something); the replies are split
//! again by White's view. A group in which the game has ended is won only
//! if White won it: a stalemate fails; under Fog of War the goal is the
//! king's capture.
//!
//! How it searches, one file each:
//!
//! - `pns`: a depth-first proof-number search (df-pn) that always goes
//!   down to the belief that looks cheapest to prove or disprove, so a
//!   wrong attempt is left as soon as another looks more promising instead
//!   of being refuted in full (a fog problem's proof is small; refuting
//!   quiet wrong attempts is most of the work);
//! - `depth_first`: near the leaves, the depth-first search that decides a
//!   belief outright, with lost witnesses;
//! - `memo`: decided beliefs ("won within n" / "lost within n", keyed by
//!   their sorted Zobrist hashes) and the witnesses;
//! - `bound`: a belief is refuted at once when one of its positions has no
//!   mate even with full information (up to [`FULL_INFO_DEPTH`] moves);
//! - `order`: attempts ordered by killers, checks, exposure and tries that
//!   split the belief; `groups`: a belief split by White's view; `stages`:
//!   "Any?";
//! - `solve`: a puzzle in, a [`Solution`] out (the key — a shortest one
//!   with [`Options::shortest`] — the cooks, the proof; [`compose_with`]
//!   the same with the composer's view); `composer`: every first move
//!   classified as a problemist does (key, cook, try, fails), and
//!   `duals` the duals of the key's tree; `plan`: the proof
//!   as a [`Plan`] tree keyed by the umpire's words, each belief's plan as
//!   short as the search finds within [`PLAN_PROBE_NODES`]; `refutation`:
//!   the answer an umpire that fights back gives; `audit`: a recorded
//!   proof walked again by a solver that shares no table; `parallel`:
//!   several threads sharing one problem's root (native builds).
//!
//! A node budget ([`Verdict::Unknown`] when it runs out) and a
//! [`Progress`] report (every [`REPORT_EVERY`] nodes; `Err(Cancelled)`
//! stops) let a worker show progress, add a time limit (the solver has no
//! clock) and stop. What it costs, what was tried and measured, and where
//! it stands: `crates/puzzles/SOLVER-NOTES.md`.

use rustc_hash::FxHashMap as HashMap;

use nohash_hasher::IntMap;

use serde::{Deserialize, Serialize};

mod audit;
mod bound;
mod composer;
mod composer_progress;
mod cooks;
mod depth_first;
mod duals;
mod groups;
mod memo;
mod order;
mod parallel;
mod plan;
mod pns;
mod refutation;
mod solve;
mod stages;
mod words;

pub use audit::{AuditResult, AuditStats};
pub use bound::FULL_INFO_DEPTH;
pub use composer::{ComposerView, Defence, FirstMove, FirstVerdict, CLASSIFY_NODES, COUNT_CAP};
pub use composer_progress::ComposerProgress;
pub use cooks::{CookProgress, COOK_BOUND_DEPTH, COOK_ROUND_NODES};
pub use duals::{Dual, DUALS_NODES, DUAL_NODES};
pub use parallel::solve_parallel;
pub use plan::{Answer, Plan, MAX_TREE_PLANS, PLAN_PROBE_NODES};
pub use refutation::Refutation;
pub use solve::{
    compose_with, model_of, solve, solve_with, start_belief, Options, Solution, Verdict,
};
pub use stages::Turn;
pub use words::{attempt_coord, attempt_san, seen_words};

use bound::FullInfo;
use groups::Group;
use memo::{Entry, Witness};
use stages::{is_pawn_capture, AnyQuestion};

use fogbound_engine::belief::{Belief, Observer};
use fogbound_engine::kriegspiel::PawnTries;
use fogbound_engine::{Bitboard64, Color, ModelSpec, Move, MoveAttempt, Position, RuleMode};
use fogbound_progress::Progress;

/// Positions of the search (puzzles are played on the 8×8 board).
pub type Pos = Position<Bitboard64>;

/// Progress is reported every this many nodes.
pub const REPORT_EVERY: u64 = 4096;

/// Counters, as the solution reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Attempts and replies expanded (search nodes).
    pub nodes: u64,
    /// Distinct belief states whose value was looked for.
    pub belief_states: u64,
    /// Positions searched with full information (the lower bound).
    pub full_info_positions: u64,
    /// The moves the root search is trying now (deepening).
    pub depth: u32,
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node budget ran out.
    Budget,
    /// The progress report asked to stop.
    Cancelled,
    /// The proof-number search reached its numbers' ceiling without
    /// deciding (a search too deep for them); like a spent budget, it
    /// tells nothing.
    Undecided,
    /// Another thread on the same problem decided what this search was
    /// for (see [`solve_parallel`]).
    Settled,
}

/// The name of the solver's one pass, as it reports its progress: done
/// is the nodes searched, total the node budget.
pub const PASS: &str = "belief-state search";

/// The belief-state search, reusable across calls on one puzzle (its memo
/// keeps what it learnt): the page's adversarial umpire keeps one for a
/// whole solving session.
pub struct Solver<'a> {
    observer: Observer<Bitboard64>,
    mode: RuleMode,
    /// "Any?", when the preset has it.
    any: Option<AnyQuestion>,
    /// Per [`Turn`], what is known of White's beliefs.
    memo: [HashMap<Vec<u64>, Entry>; 3],
    /// Lost witnesses: the moves they are lost within and the turn stage
    /// they were found in (they hold in that stage and later ones).
    lost_index: HashMap<u64, Vec<(Witness, u32, Turn)>>,
    /// Beliefs with Black to move, as `memo` for White's.
    escapes: HashMap<Vec<u64>, Entry>,
    /// What the full-information search knows of a position, by hash.
    full: IntMap<u64, FullInfo>,
    history: HashMap<MoveAttempt, u32>,
    killers: HashMap<u32, Vec<MoveAttempt>>,
    stats: Stats,
    budget: u64,
    /// The budget given at the start (the budget shrinks for a while
    /// when the tree builder probes a shorter length).
    max_nodes: u64,
    next_report: u64,
    progress: Option<&'a mut (dyn Progress + 'a)>,
    plans: usize,
    /// Black's men in the last position the full-information bound found
    /// escaping: tried first in the next belief.
    escape_hint: Option<Bitboard64>,
    /// The full-information search's answers with one move left, by hash
    /// (see `bound`; allocated when first needed).
    leaf_cache: Vec<u64>,
    /// The full-information search's vectors, by moves left.
    full_buffers: Vec<bound::FullBuffers>,
    /// The full-information search's last mating move, by moves left.
    full_killers: Vec<Option<(fogbound_engine::Square, fogbound_engine::Square)>>,
    /// The proof-number search's numbers, by node.
    numbers: IntMap<u64, pns::Numbers>,
    /// What White does in a belief the proof-number search proved won.
    proof_moves: HashMap<(Vec<u64>, Turn), (pns::ProofMove, u32)>,
    /// The root this search shares with other threads, and its own
    /// number among them.
    share: Option<(&'a parallel::RootShare, usize)>,
    /// The search expects refutations (the cook pass, the umpire): answers
    /// already known lost refute at once, and Black's smaller answers are
    /// searched first (see `pns`).
    refuting: bool,
    /// The full-information bound is used with at most this many moves
    /// left: [`FULL_INFO_DEPTH`], one more in the cook pass.
    bound_depth: u32,
    /// White beliefs expanded so far under each first move at a root (by
    /// the first move's node key, which holds the root's belief; see
    /// `pns`).
    root_effort: HashMap<u64, u64>,
    /// While the root searches one first move, the belief count at which
    /// the search returns to the root (0: none).
    root_yield_at: u64,
    /// Whether the search under way is a long one: a one-thread root whose
    /// first moves have taken `ROOT_EFFORT_SCALE` beliefs (`pns`), where
    /// a child is searched to a threshold raised by a sixteenth, not a
    /// quarter.
    long_search: bool,
}

/// Whether the game ended in White's win.
fn white_won(o: Option<fogbound_engine::Outcome>) -> bool {
    o.is_some_and(|o| o.winner == Some(Color::White))
}

impl<'a> Solver<'a> {
    /// A solver for games under `spec`, with White to move, stopping after
    /// `max_nodes` nodes; `progress` is told the nodes searched every
    /// [`REPORT_EVERY`] nodes and may cancel.
    pub fn new(
        spec: &ModelSpec,
        max_nodes: u64,
        progress: Option<&'a mut (dyn Progress + 'a)>,
    ) -> Solver<'a> {
        let any = match spec {
            ModelSpec::Kriegspiel { rules } => match rules.pawn_tries {
                PawnTries::AskAny { obligation } => Some(AnyQuestion {
                    obligation,
                    yes: rules.any_yes_word.clone(),
                    no: rules.any_no_word.clone(),
                }),
                _ => None,
            },
            _ => None,
        };
        Solver {
            observer: Observer::new(spec, Color::White),
            mode: spec.rule_mode(),
            any,
            memo: Default::default(),
            lost_index: HashMap::default(),
            escapes: HashMap::default(),
            full: IntMap::default(),
            history: HashMap::default(),
            killers: HashMap::default(),
            stats: Stats::default(),
            budget: max_nodes,
            max_nodes,
            next_report: REPORT_EVERY,
            progress,
            plans: 0,
            full_killers: vec![None; 256],
            leaf_cache: Vec::new(),
            full_buffers: (0..256).map(|_| bound::FullBuffers::default()).collect(),
            escape_hint: None,
            numbers: IntMap::default(),
            proof_moves: HashMap::default(),
            share: None,
            refuting: false,
            bound_depth: FULL_INFO_DEPTH,
            root_effort: HashMap::default(),
            root_yield_at: 0,
            long_search: false,
        }
    }

    /// This solver searches as the cook pass does, expecting refutations:
    /// answers already known lost refute at once, Black's smaller answers
    /// are searched first (see `pns`). For a caller that mostly
    /// asks whether White has lost, as the umpire looking for an answer
    /// White no longer wins.
    pub(crate) fn refuting(mut self) -> Self {
        self.refuting = true;
        self
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The legal moves of every position of `belief`, in its order.
    fn legal(&self, belief: &Belief<Bitboard64>) -> Vec<Vec<Move>> {
        belief
            .positions()
            .iter()
            .map(|p| p.moves(self.mode))
            .collect()
    }

    /// One node searched: stops at the budget, and every
    /// [`REPORT_EVERY`] nodes asks the progress report and the other
    /// threads whether to go on.
    fn tick(&mut self) -> Result<(), Stop> {
        self.stats.nodes += 1;
        if self.stats.nodes > self.budget {
            return Err(Stop::Budget);
        }
        if self.stats.nodes >= self.next_report {
            self.next_report += REPORT_EVERY;
            let stats = self.stats;
            // Threads are native only (see `pns`).
            if let Some((share, me)) = self.share.filter(|_| !cfg!(target_arch = "wasm32")) {
                if share.settled(me, stats.depth) {
                    return Err(Stop::Settled);
                }
            }
            if let Some(progress) = self.progress.as_mut() {
                if progress.report(PASS, stats.nodes, self.max_nodes).is_err() {
                    return Err(Stop::Cancelled);
                }
            }
        }
        Ok(())
    }

    /// `n` nodes searched, as `n` calls of [`Solver::tick`] (one addition
    /// when neither the budget nor a report falls among them).
    fn ticks(&mut self, n: u64) -> Result<(), Stop> {
        let last = self.stats.nodes + n;
        if last < self.next_report && last <= self.budget {
            self.stats.nodes = last;
            return Ok(());
        }
        (0..n).try_for_each(|_| self.tick())
    }

    /// Tells the progress report where a pass stands (`done` of `total`,
    /// `pass` its words); `Err(Cancelled)` when it asks to stop.
    fn report(&mut self, pass: &str, done: u64, total: u64) -> Result<(), Stop> {
        let cancelled = self
            .progress
            .as_mut()
            .is_some_and(|p| p.report(pass, done, total).is_err());
        if cancelled {
            Err(Stop::Cancelled)
        } else {
            Ok(())
        }
    }

    /// [`Solver::forces`] within `allowance` more nodes: `Err(Stop::Budget)`
    /// when they run out first (the proof numbers found so far are kept,
    /// so a later call goes on from them).
    fn forces_within(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
        allowance: u64,
    ) -> Result<bool, Stop> {
        self.within(allowance, |s| s.forces(belief, moves, attempt))
    }

    /// Runs `search` with at most `allowance` more nodes than spent so far
    /// (never past the budget already set), then puts the budget back.
    fn within<T>(&mut self, allowance: u64, search: impl FnOnce(&mut Self) -> T) -> T {
        let budget = self.budget;
        self.budget = budget.min(self.stats.nodes.saturating_add(allowance));
        let answer = search(self);
        self.budget = budget;
        answer
    }

    /// Whether White, to move in every position of `belief`, forces the
    /// goal within `moves` moves.
    pub fn wins(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<bool, Stop> {
        self.wins_in(belief, moves, Turn::Fresh)
    }

    /// [`Solver::wins`] at a stage of White's turn.
    pub fn wins_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<bool, Stop> {
        self.prove(belief, moves, turn)
    }

    /// A first attempt that forces the goal from `belief` within `moves`,
    /// if there is one (White's first move of a problem: a move, never
    /// "Any?").
    pub fn key(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<MoveAttempt>, Stop> {
        self.prove_key(belief, moves)
    }

    /// Whether `attempt` forces the goal from `belief` within `moves`.
    pub fn forces(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<bool, Stop> {
        self.prove_attempt(belief, moves, attempt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    /// A Kriegspiel mate puzzle under the English preset (also for the
    /// submodules' tests).
    pub(super) fn puzzle(fen: &str, hidden: &str, moves: u32) -> Puzzle {
        Puzzle::from_json(&format!(
            r#"{{"fen": "{fen}", "hidden": {hidden}, "goal": "mate", "moves": {moves}, "rules": "english"}}"#
        ))
        .unwrap()
    }

    #[test]
    fn a_mate_in_one_that_no_hidden_man_can_stop_is_solved() {
        // Ra8 mates; the hidden bishop on c1 or d2 can neither reach a8 nor
        // check the king.
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["c1", "d2"]}]"#,
            1,
        );
        let s = solve(&p, 100_000).unwrap();
        assert_eq!(s.verdict, Verdict::Solved, "{s:?}");
        assert_eq!(s.first_move.as_deref(), Some("Ra8"));
        assert_eq!(s.first_coord.as_deref(), Some("a1a8"));
        assert_eq!(s.keys, ["Ra8"]);
        assert!(s.cooks_complete);
    }

    #[test]
    fn a_hidden_defender_refutes_it() {
        // On g2 the bishop guards a8 along the long diagonal: 1. Ra8+ Bxa8.
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["b1", "g2"]}]"#,
            1,
        );
        let s = solve(&p, 100_000).unwrap();
        assert_eq!(s.verdict, Verdict::Refuted, "{s:?}");
        assert!(s.first_move.is_none());
    }

    #[test]
    fn a_budget_that_runs_out_says_unknown_and_a_cancel_stops() {
        let p = puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["b1", "g2"]}]"#,
            3,
        );
        let s = solve(&p, 5).unwrap();
        assert_eq!(s.verdict, Verdict::Unknown);
        let mut calls = 0;
        let mut stop = |pass: &str, done: u64, total: u64| {
            assert_eq!((pass, total), (PASS, u64::MAX));
            assert!(done >= REPORT_EVERY);
            calls += 1;
            Err(fogbound_progress::Cancelled)
        };
        let s = solve_with(
            &p,
            &Options {
                max_nodes: u64::MAX,
                ..Options::default()
            },
            Some(&mut stop),
        )
        .unwrap();
        if s.stats.nodes >= REPORT_EVERY {
            assert_eq!(s.verdict, Verdict::Unknown);
            assert_eq!(calls, 1);
        }
    }
}
