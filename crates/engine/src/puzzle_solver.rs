//! An AND-OR search over belief states for fog puzzles: does White force
//! the stipulation whatever the hidden men are and whatever Black replies?
//!
//! A belief state ([`Belief`]) is the set of positions consistent with
//! everything White has been told: at the start one per placement of the
//! hidden men. White's choice (OR) is an attempt from its own board (the
//! model's hints and pawn tries, every promotion). The answer splits the
//! belief by the [`View`] White gets — built by the information model
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
//! Speed: the search is a depth-first proof-number search (df-pn, in
//! `pns`): it always goes down to the belief that looks cheapest to prove
//! or disprove, so a wrong attempt is left as soon as another looks more
//! promising instead of being refuted in full (a fog problem's proof is
//! small; refuting quiet wrong attempts, whose refutation needs the hidden
//! men's uncertainty, was nearly all of the old depth-first search's
//! work). Beliefs are sets of compact [`Position`]s (no match histories);
//! decided beliefs are remembered (sorted Zobrist hashes) as "won within
//! n" / "lost within n", and a proved belief keeps the attempt that proved
//! it, which the tree builder follows. A belief is refuted at once when
//! one of its positions has no mate in the moves left even with full
//! information (a memoised perfect-information search, used as a lower
//! bound for up to [`FULL_INFO_DEPTH`] moves, trying first the placement
//! that escaped last); with one move left the depth-first search
//! (`Solver::lost`, with its lost witnesses) decides a belief, looking
//! only at mates. Attempts are ordered (it breaks the proof numbers' ties)
//! by checks, exposure and tries that split the belief. The root searches
//! at the stipulated length; `Options::shortest` deepens from one move
//! instead, so the key found is a shortest one; the tree deepens at each
//! belief, passing over a shorter length that would cost more than
//! [`PLAN_PROBE_NODES`].
//!
//! A node budget (`Unknown` when it runs out) and a progress callback
//! (every [`REPORT_EVERY`] nodes; returning `false` cancels) let a worker
//! show progress, add a time limit (the engine has no clock) and stop.
//!
//! Where it stands (native, release build, on a shared 2-core machine;
//! `fogbound puzzle solve FILE --json`, `--no-cooks` for the key and tree
//! alone, `--threads 1` for one thread; `cargo bench -p fogbound-engine
//! --bench puzzle_solver` for the anchors; the page's figures from
//! `tests/e2e/bench.mjs --puzzles-only`): the collection's mates in 2 and
//! 3 and its Fog of War puzzles in milliseconds (at most 31 ms in the
//! page's worker; the largest, a rook-pair capture in 4, 85 ms); the
//! Rotenberg mate in 8 from scratch, key 1.Rg2 and its tree, in 0.53 s on
//! one thread (2.5 M nodes, 6.6 k belief states; 0.77 s in the page's
//! worker), 0.24 s on two, and with every other first move refuted (no
//! cooks) in 29 s on one thread, 18 s on two.
//! Rotenberg's 15-move problem (Fiedler-50 Jubilee), hidden dark bishop
//! and a black h-pawn moving silently: the published key 1.Re6 and its
//! tree in 44 s on two threads ([`solve_parallel`]), 99 s on one (73 M
//! nodes, 842 k belief states), five sixths of which go into the try
//! 1.Nf4: its proof number stays the lowest at the root while its
//! refutation grows out of reach, and the second thread is what leaves it
//! alone. 1.Be5 also forces mate in 15 under the English preset (searched
//! alone, 7.5 s; its proof passes the [`Solver::audit_attempt`] audit):
//! the problem is cooked.
//! What costs: at the root, a strong try's subtree until the key's proof
//! completes; per belief, the umpire's views, move generation and the
//! full-information bound.
//! Tried and dropped (measured on the mate in 8 from scratch): heavier
//! proof-number guesses for an attempt not yet searched (2.5 s against
//! 1.8 s then), guesses that grow with the moves left (0.6 to 1 s against
//! 0.5 s), remembering sub-beliefs of won beliefs (12 beliefs fewer of
//! 11 k), a mate-threat bonus in the ordering (1.4 s against 1.25 s),
//! killers fed by the proof-number search (2.4 s against 1.4 s), the
//! refuting reply first in the full-information search (more nodes),
//! witnesses carried up through the proof-number search as the
//! depth-first one does (the same nodes: its lost beliefs rarely yield a
//! small witness); keeping expanded nodes' children for the search's
//! returns (a third fewer expansions, but the ordering stays as it was at
//! the first expansion: 10 % slower on the 15-mover); a root that shares
//! its effort among first moves of close proof numbers (2.7 times slower on
//! the mate in 8; on the 15-mover its first key, 1.Be5, after 195 s);
//! the same root with a threshold of the second-best proof number plus one
//! (253 s on the 15-mover); proof numbers raised by the attempt's rank in
//! the ordering (df-pn+ edge costs: the mate in 8 twice as slow or more);
//! one thread that sets a first move aside once it has taken 50 k belief
//! expansions, doubling the allowance when all are aside (on the 15-mover
//! a dozen first moves take that much: 862 k beliefs and 1.Be5 after
//! 135 s). Only a second thread, which leaves alone the first move the
//! first is in, has helped so far.
//!
//! The proof comes back as a [`Plan`]: White's attempt, then one
//! [`Answer`] per thing the umpire may say (a refusal, a capture, a check,
//! "Black has moved", mate…), each with the plan that follows. An umpire
//! that fights back ([`Solver::refutation`]) picks, for a person's attempt,
//! an answer after which White cannot force the goal in the moves left.

use rustc_hash::FxHashMap as HashMap;

use nohash_hasher::IntMap;

use serde::{Deserialize, Serialize};

mod audit;
mod parallel;
mod pns;

pub use audit::{AuditResult, AuditStats};
pub use parallel::solve_parallel;

use crate::belief::{Belief, Observer, View};
use crate::kriegspiel::{AnyObligation, PawnTries};
use crate::model::{find_in, masked};
use crate::puzzle::{Goal, Puzzle, PuzzleError};
use crate::{
    Bitboard, Bitboard64, Color, KriegspielRules, ModelSpec, Move, MoveAttempt, Position, Role,
    RuleMode, Setup, Variant,
};
use pns::ProofMove;

/// Positions of the search (puzzles are played on the 8×8 board).
pub type Pos = Position<Bitboard64>;

/// The perfect-information lower bound is used with at most this many
/// moves left: a belief is lost if one of its positions has no mate even
/// seen whole. Measured on the Rotenberg mate in 8 searched from scratch
/// by proof numbers (native, release): at 3, 1.6 s and 11 k beliefs; at
/// 4, 2 s (fewer beliefs, 4.5 k, but each bound dearer); at 2, 20 s; at
/// 5 and more the bound's own searches dominate.
pub const FULL_INFO_DEPTH: u32 = 3;

// Attempt ordering weights (per cent of the belief where it holds): a
// check, a capture, the moved man left where Black takes it with profit
// ([`en_prise`]), a try that some positions refuse (it shrinks the belief).
const W_CHECK: i64 = 100;
const W_CAPTURE: i64 = 0;
const W_EXPOSED: i64 = 60;

const W_SPLIT: i64 = 30;

/// Checks and exposure are scored on the first this many positions where
/// an attempt is played (playing every attempt in every position was a
/// tenth of the search; 8 orders as well as all on the Rotenberg mate in
/// 8, 2 much worse).
const ORDER_SAMPLE: i64 = 8;

/// The progress callback is called every this many nodes.
pub const REPORT_EVERY: u64 = 4096;

/// The most nodes a shorter length is searched for, per belief, when the
/// solution tree is built (see [`Solver::plan`]). On the Rotenberg mate in
/// 8 the tree is the same as with no limit (31 plans) in 5.4 M nodes
/// instead of 8.5 M.
pub const PLAN_PROBE_NODES: u64 = 20_000;

/// The most White nodes a returned solution tree holds (a proof can be
/// larger; the tree is then cut and says so).
pub const MAX_TREE_PLANS: usize = 20_000;

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// White forces the stipulation; `first_move` is a key.
    Solved,
    /// No first attempt forces it.
    Refuted,
    /// The node budget ran out, or the caller cancelled, first.
    Unknown,
}

impl Verdict {
    /// `solved`, `refuted` or `unknown`.
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Refuted => "refuted",
            Verdict::Unknown => "unknown",
        }
    }
}

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop (verdict `Unknown`) after this many nodes.
    pub max_nodes: u64,
    /// After a key is found, test every other first attempt (cooks).
    pub cooks: bool,
    /// Build the solution tree.
    pub tree: bool,
    /// Deepen at the root from one move, so the key found mates soonest
    /// (slower: every shorter length is refuted first).
    pub shortest: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_nodes: 20_000_000,
            cooks: true,
            tree: true,
            shortest: false,
        }
    }
}

/// Counters, as the progress callback and the solution report them.
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

/// White's plan in one belief: the attempt, and what to do after each
/// answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The attempt in SAN as White's own board shows it (`Rg2`, `exd5`).
    pub attempt: String,
    /// The attempt in coordinates (`a2g2`).
    pub coord: String,
    /// Moves left, this one included.
    pub moves: u32,
    /// How many positions White cannot tell apart here.
    pub positions: usize,
    /// One per answer the umpire may give.
    pub answers: Vec<Answer>,
}

/// One answer to White's attempt (with Black's reply, when the attempt
/// was played and the game goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// What White is told, in the umpire's words ("Illegal"; "Check on
    /// the long diagonal"; "Black has moved"…).
    pub told: Vec<String>,
    /// The enemy men White then sees (`kg3`: a black king on g3), when the
    /// answer moved men (empty after a refusal: nothing changed). Under
    /// Fog of War this, not the words, tells the answers apart.
    pub seen: Vec<String>,
    /// The try was refused, or White asked "Any?" (`told` holds the
    /// answer): `then` is the next attempt, in the same turn.
    pub refused: bool,
    /// The game is over here, won (`then` is `None`).
    pub won: bool,
    /// How many positions White cannot tell apart after it.
    pub positions: usize,
    /// White's plan from here; `None` when won, or when the tree was cut.
    pub then: Option<Box<Plan>>,
}

/// A search's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    pub verdict: Verdict,
    /// A key in SAN (White's own board), when solved.
    pub first_move: Option<String>,
    /// The key in coordinates.
    pub first_coord: Option<String>,
    /// Every first attempt that forces the stipulation, key first, in SAN
    /// (more than one: cooks).
    pub keys: Vec<String>,
    /// Whether every first attempt was decided (false when the budget ran
    /// out while looking for cooks, or cooks were not asked for).
    pub cooks_complete: bool,
    /// The fewest moves in which the key forces it.
    pub moves: Option<u32>,
    /// Positions at the start (placements of the hidden men).
    pub placements: usize,
    pub stats: Stats,
    /// The proof, when asked for and solved.
    pub tree: Option<Plan>,
    /// The tree was cut at [`MAX_TREE_PLANS`].
    pub tree_cut: bool,
}

impl Solution {
    /// Nothing known yet of a puzzle with `placements` placements.
    fn unknown(placements: usize) -> Solution {
        Solution {
            verdict: Verdict::Unknown,
            first_move: None,
            first_coord: None,
            keys: Vec::new(),
            cooks_complete: false,
            moves: None,
            placements,
            stats: Stats::default(),
            tree: None,
            tree_cut: false,
        }
    }

    /// Solved by the key `san` (`coord` in coordinates) in `moves`.
    fn solved_by(&mut self, san: String, coord: String, moves: u32) {
        self.verdict = Verdict::Solved;
        self.first_move = Some(san.clone());
        self.first_coord = Some(coord);
        self.keys.push(san);
        self.moves = Some(moves);
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node budget ran out.
    Budget,
    /// The progress callback asked to stop.
    Cancelled,
    /// The proof-number search reached its numbers' ceiling without
    /// deciding (a search too deep for them); like a spent budget, it
    /// tells nothing.
    Undecided,
    /// Another thread on the same problem decided what this search was
    /// for (see [`solve_parallel`]).
    Settled,
}

/// What the full-information search knows of one position: White mates
/// within `mate` moves (0: not known), and not within `none` moves.
#[derive(Clone, Copy, Default)]
struct FullInfo {
    mate: u8,
    none: u8,
}

/// Values remembered for one belief.
#[derive(Clone)]
struct Entry {
    /// Won within this many moves (`u32::MAX`: not known).
    won_in: u32,
    /// Not won within this many moves (0: not known).
    lost_in: u32,
    /// Why it is lost (see [`Solver::lost`]).
    witness: Witness,
}

/// Part of a lost belief that keeps any belief holding it lost: sorted
/// Zobrist hashes.
type Witness = Vec<u64>;

/// Whether sorted `small` is a subset of sorted `big`.
fn is_subset(small: &[u64], big: &[u64]) -> bool {
    let mut it = big.iter();
    small.iter().all(|x| it.any(|y| y == x))
}

/// One answer group: what White is told, the positions, and for each the
/// position of the parent belief it came from.
struct Group {
    view: View,
    belief: Belief<Bitboard64>,
    /// The parent of each position, in the belief's order.
    parents: Vec<u64>,
}

/// The positions of one answer group as they are collected: each with its
/// hash and its parent's hash.
struct Parts {
    positions: Vec<Pos>,
    hashes: Vec<u64>,
    parents: Vec<u64>,
}

impl Parts {
    fn of(pos: Pos, hash: u64, parent: u64) -> Parts {
        Parts {
            positions: vec![pos],
            hashes: vec![hash],
            parents: vec![parent],
        }
    }

    fn push(&mut self, pos: Pos, hash: u64, parent: u64) {
        self.positions.push(pos);
        self.hashes.push(hash);
        self.parents.push(parent);
    }
}

impl Group {
    fn of(view: View, parts: Parts) -> Group {
        // A position reached from two parents keeps the first.
        let (belief, parents) = Belief::hashed(parts.positions, parts.hashes, parts.parents);
        Group {
            view,
            belief,
            parents,
        }
    }

    fn origin_of(&self, h: u64) -> u64 {
        let i = self
            .belief
            .key()
            .binary_search(&h)
            .expect("a witness is made of the group's positions");
        self.parents[i]
    }

    /// A child witness in the parent's terms.
    fn origins(&self, w: &[u64]) -> Witness {
        let mut out: Witness = w.iter().map(|&h| self.origin_of(h)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// An umpire's refuting answer: what White is told (the answer to the
/// attempt, then to Black's reply when there is one) and the belief White
/// is left with.
pub type Refutation = (Vec<View>, Belief<Bitboard64>);

/// The progress callback: told the counters, returns `false` to stop.
pub type ProgressFn<'a> = dyn FnMut(&Stats) -> bool + 'a;

/// Where White stands within its turn, as far as "Any?" goes. Each step
/// down leaves White fewer options, so a belief won in a later stage is won
/// in an earlier one and one lost in an earlier stage is lost in a later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Turn {
    /// White may still ask "Any?" this turn.
    Fresh = 0,
    /// White asked (or may not ask): any attempt.
    Asked = 1,
    /// Told "Yes": only pawn captures may be tried until the preset frees
    /// White (a refused one, or a legal one).
    Obliged = 2,
}

/// "Any?" as a puzzle's preset has it.
#[derive(Clone, Debug)]
struct AnyQuestion {
    obligation: AnyObligation,
    yes: String,
    no: String,
}

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
    next_report: u64,
    progress: Option<&'a mut ProgressFn<'a>>,
    plans: usize,
    /// Black's men in the last position the full-information bound found
    /// escaping: tried first in the next belief.
    escape_hint: Option<Bitboard64>,
    /// The full-information search's last mating move, by moves left.
    full_killers: Vec<Option<(crate::Square, crate::Square)>>,
    /// The proof-number search's numbers, by node.
    numbers: IntMap<u64, pns::Numbers>,
    /// What White does in a belief the proof-number search proved won.
    proof_moves: HashMap<(Vec<u64>, Turn), (pns::ProofMove, u32)>,
    /// The root this search shares with other threads, and its own
    /// number among them.
    share: Option<(&'a parallel::RootShare, usize)>,
}

/// Whether the man `mv` moved can be taken with profit where it landed:
/// attacked and not defended, or attacked by a cheaper man than itself (a
/// king takes only what is not defended). Counting every attacked square
/// instead put the Rotenberg key 1.Rg2 last (the rook stands next to the
/// black king, but the white king guards it): 4.3 M nodes and 0.9 s to
/// the key, against 2.4 M and 0.5 s.
fn en_prise(after: &Pos, mv: &Move) -> bool {
    let occupied = after.occupied();
    let mover = !after.turn();
    let attackers = after.attackers_to(mv.to, after.turn(), occupied);
    if attackers.is_empty() {
        return false;
    }
    if !after.is_attacked(mv.to, mover, occupied) {
        return true;
    }
    let worth = mv.promotion.unwrap_or(mv.role).value();
    attackers.squares().any(|s| {
        after
            .role_at(s)
            .is_some_and(|r| r != Role::King && r.value() < worth)
    })
}

fn white_won(o: Option<crate::Outcome>) -> bool {
    o.is_some_and(|o| o.winner == Some(Color::White))
}

impl<'a> Solver<'a> {
    /// A solver for games under `spec`, with White to move, stopping after
    /// `max_nodes` nodes; `progress` is called every [`REPORT_EVERY`]
    /// nodes.
    pub fn new(
        spec: &ModelSpec,
        max_nodes: u64,
        progress: Option<&'a mut ProgressFn<'a>>,
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
            next_report: REPORT_EVERY,
            progress,
            plans: 0,
            full_killers: vec![None; 256],
            escape_hint: None,
            numbers: IntMap::default(),
            proof_moves: HashMap::default(),
            share: None,
        }
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
            if let Some(report) = self.progress.as_mut() {
                if !report(&stats) {
                    return Err(Stop::Cancelled);
                }
            }
        }
        Ok(())
    }

    /// White's attempts in `belief`, best first.
    pub fn attempts(&mut self, belief: &Belief<Bitboard64>) -> Vec<MoveAttempt> {
        let moves = self.stats.depth;
        let legal = self.legal(belief);
        self.ordered(belief, &legal, moves)
    }

    fn ordered(
        &self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
        moves: u32,
    ) -> Vec<MoveAttempt> {
        let all = self.observer.attempts(belief);
        let n = belief.len() as i64;
        let killers = self.killers.get(&moves);
        let mut scored: Vec<(i64, MoveAttempt)> = Vec::with_capacity(all.len());
        for a in all {
            let (mut played, mut checks, mut captures, mut exposed) = (0i64, 0i64, 0i64, 0i64);
            for (pos, list) in belief.positions().iter().zip(legal) {
                if let Some(mv) = find_in(list, &a) {
                    played += 1;
                    captures += i64::from(mv.is_capture());
                    if played > ORDER_SAMPLE {
                        continue;
                    }
                    let after = pos.after(&mv);
                    if self.mode == RuleMode::Orthodox && after.is_check() {
                        checks += 1;
                    }
                    exposed += i64::from(en_prise(&after, &mv));
                }
            }
            if played == 0 {
                // Refused everywhere: tells nothing.
                continue;
            }
            let mut score = 0;
            if let Some(k) = killers.and_then(|k| k.iter().position(|x| *x == a)) {
                score += 10_000 - 100 * k as i64;
            }
            score += i64::from(self.history.get(&a).copied().unwrap_or(0)).min(50);
            let m = played.min(ORDER_SAMPLE);
            score += checks * W_CHECK / m + captures * W_CAPTURE / n - exposed * W_EXPOSED / m;
            if played < n {
                // Refused in some positions: the answer shrinks the belief,
                // best when it halves it.
                score += W_SPLIT * played.min(n - played) * 2 / n + W_SPLIT / 2;
            }
            scored.push((score, a));
        }
        // Stable: equal scores keep the model's order.
        scored.sort_by_key(|(s, _)| -*s);
        scored.into_iter().map(|(_, a)| a).collect()
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

    /// The stage of the turn as it matters here: "Any?" may be asked only
    /// when the preset has it and White has a pawn (else the stage is
    /// [`Turn::Asked`], so such puzzles keep one memo).
    fn stage(&self, belief: &Belief<Bitboard64>, turn: Turn) -> Turn {
        let has_pawn = belief
            .positions()
            .first()
            .is_some_and(|p| p.pieces(Color::White, Role::Pawn).any());
        match turn {
            Turn::Fresh if self.any.is_none() || !has_pawn => Turn::Asked,
            Turn::Obliged if !has_pawn => Turn::Asked,
            t => t,
        }
    }

    /// The stage after a refused `attempt` in stage `turn`. Under a duty
    /// one refused pawn capture lifts, a refused pawn capture ends the
    /// asking: once obliged it frees White; before "Any?" it leaves asking
    /// worth nothing the other order lacks, since after "Yes" trying that
    /// capture again is no try (the umpire calls a repeat impossible) and
    /// asking first, then trying it, does as well.
    fn after_refusal(&self, pos: &Pos, turn: Turn, attempt: &MoveAttempt) -> Turn {
        let one = self
            .any
            .as_ref()
            .is_some_and(|a| a.obligation == AnyObligation::TryOne);
        if one && turn != Turn::Asked && is_pawn_capture(pos, attempt) {
            Turn::Asked
        } else {
            turn
        }
    }

    /// `None` when White wins `belief` within `moves`; else a witness: a
    /// part of the belief (sorted hashes) such that every belief holding
    /// it is lost within `moves` too. Witnesses are kept, so a later
    /// belief that holds one is refuted without a search: an attempt that
    /// fails somewhere fails wherever the positions that made it fail are
    /// still possible (each lands in the same answer group), and refused
    /// attempts only ever leave larger groups that hold the witness.
    fn lost(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<Witness>, Stop> {
        let Some(&first) = belief.key().first() else {
            return Ok(None);
        };
        if moves == 0 {
            return Ok(Some(vec![first]));
        }
        let turn = self.stage(belief, turn);
        match self.memo[turn as usize].get(belief.key()) {
            Some(e) if e.won_in <= moves => return Ok(None),
            Some(e) if e.lost_in >= moves => return Ok(Some(e.witness.clone())),
            Some(_) => {}
            None => self.stats.belief_states += 1,
        }
        let result = match self.known_lost(belief.key(), moves, turn) {
            Some(w) => Some(w),
            None => self.search(belief, moves, turn)?,
        };
        self.remember(belief.key(), moves, turn, &result);
        Ok(result)
    }

    /// What the memo knows of `key` (a stage already normalised): `Some`
    /// when decided within `moves`.
    fn recalled(&self, key: &[u64], moves: u32, turn: Turn) -> Option<Option<Witness>> {
        match self.memo[turn as usize].get(key) {
            Some(e) if e.won_in <= moves => Some(None),
            Some(e) if e.lost_in >= moves => Some(Some(e.witness.clone())),
            _ => self.known_lost(key, moves, turn).map(Some),
        }
    }

    /// Keeps a White belief's value (`None`: won within `moves`).
    fn remember(&mut self, key: &[u64], moves: u32, turn: Turn, result: &Option<Witness>) {
        let e = self.memo[turn as usize]
            .entry(key.to_vec())
            .or_insert(Entry {
                won_in: u32::MAX,
                lost_in: 0,
                witness: Vec::new(),
            });
        match result {
            None => e.won_in = e.won_in.min(moves),
            Some(w) => {
                if moves > e.lost_in {
                    e.lost_in = moves;
                    e.witness = w.clone();
                }
                self.lost_index
                    .entry(w[0])
                    .or_default()
                    .push((w.clone(), moves, turn));
            }
        }
    }

    /// A kept witness lost within at least `moves` that `key` holds.
    fn known_lost(&self, key: &[u64], moves: u32, turn: Turn) -> Option<Witness> {
        for h in key {
            let Some(list) = self.lost_index.get(h) else {
                continue;
            };
            for (w, n, t) in list {
                if *n >= moves && *t <= turn && is_subset(w, key) {
                    return Some(w.clone());
                }
            }
        }
        None
    }

    fn search(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<Witness>, Stop> {
        if let Some(w) = self.bound(belief, moves)? {
            return Ok(Some(w));
        }
        let legal = self.legal(belief);
        let mut witness: Witness = Vec::new();
        if turn == Turn::Fresh {
            match self.ask(belief, moves)? {
                None => return Ok(None),
                Some(w) => witness.extend(w),
            }
        }
        if turn == Turn::Obliged && self.empty_pawn_try(belief, &legal).is_some() {
            // A pawn capture refused everywhere frees White at no cost.
            match self.lost(belief, moves, Turn::Asked)? {
                None => return Ok(None),
                Some(w) => witness.extend(w),
            }
        }
        let first = belief.positions()[0].clone();
        for a in self.ordered(belief, &legal, moves) {
            if turn == Turn::Obliged && !is_pawn_capture(&first, &a) {
                continue;
            }
            match self.refute(belief, &legal, moves, &a, turn)? {
                None => {
                    *self.history.entry(a).or_insert(0) += 1;
                    let k = self.killers.entry(moves).or_default();
                    k.retain(|x| *x != a);
                    k.insert(0, a);
                    k.truncate(4);
                    return Ok(None);
                }
                Some(w) => witness.extend(w),
            }
        }
        witness.sort_unstable();
        witness.dedup();
        if witness.is_empty() {
            witness = belief.key().to_vec();
        }
        Ok(Some(witness))
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

    /// The belief split by the answer to "Any?": the positions where White
    /// has a legal pawn capture, and the others. `None` when asking tells
    /// nothing (one part is empty) or the preset has no "Any?".
    fn any_answers(
        &self,
        belief: &Belief<Bitboard64>,
    ) -> Option<(Belief<Bitboard64>, Belief<Bitboard64>)> {
        self.any.as_ref()?;
        let (yes, no): (Vec<Pos>, Vec<Pos>) = belief.positions().iter().cloned().partition(|p| {
            p.moves(RuleMode::Orthodox)
                .iter()
                .any(|m| m.role == Role::Pawn && m.is_capture())
        });
        if yes.is_empty() || no.is_empty() {
            return None;
        }
        Some((Belief::new(yes), Belief::new(no)))
    }

    /// Under an obligation that one refused pawn capture lifts: a pawn
    /// capture refused in every position of `belief` (an empty try that
    /// costs nothing and frees White), if there is one.
    fn empty_pawn_try(
        &self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
    ) -> Option<MoveAttempt> {
        let one = self.any.as_ref()?.obligation == AnyObligation::TryOne;
        let first = belief.positions().first()?;
        if !one {
            return None;
        }
        self.observer.attempts(belief).into_iter().find(|a| {
            is_pawn_capture(first, a) && legal.iter().all(|list| find_in(list, a).is_none())
        })
    }

    /// `None` when asking "Any?" now wins `belief` within `moves`; else a
    /// witness (empty when asking tells nothing).
    fn ask(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Option<Witness>, Stop> {
        let Some((yes, no)) = self.any_answers(belief) else {
            return Ok(Some(Vec::new()));
        };
        self.tick()?;
        // The smaller part first: cheaper, and as likely to fail.
        let parts = if yes.len() <= no.len() {
            [(yes, Turn::Obliged), (no, Turn::Asked)]
        } else {
            [(no, Turn::Asked), (yes, Turn::Obliged)]
        };
        for (part, turn) in &parts {
            if let Some(w) = self.lost(part, moves, *turn)? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    }

    /// `None` when `attempt` forces the goal; else a witness (hashes of
    /// `belief`'s positions; empty when the attempt is refused everywhere,
    /// which tells nothing).
    fn refute(
        &mut self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
        moves: u32,
        attempt: &MoveAttempt,
        turn: Turn,
    ) -> Result<Option<Witness>, Stop> {
        self.tick()?;
        if moves == 0 {
            return Ok(Some(vec![belief.key()[0]]));
        }
        if moves == 1 {
            // Only a win on the spot counts where the attempt is played.
            let mut refused = Vec::new();
            for ((pos, list), &h) in belief.positions().iter().zip(legal).zip(belief.key()) {
                match find_in(list, attempt) {
                    None => refused.push(pos.clone()),
                    Some(mv) => {
                        let after = pos.after(&mv);
                        if (self.mode == RuleMode::Orthodox && !after.is_check())
                            || !white_won(after.outcome(self.mode))
                        {
                            return Ok(Some(vec![h]));
                        }
                    }
                }
            }
            if refused.len() == belief.len() {
                return Ok(Some(Vec::new()));
            }
            return if refused.is_empty() {
                Ok(None)
            } else {
                let next = self.after_refusal(&refused[0], turn, attempt);
                self.lost(&Belief::new(refused), moves, next)
            };
        }
        let groups = self.split(belief, legal, attempt);
        if groups.iter().all(|g| g.view.refused) {
            return Ok(Some(Vec::new()));
        }
        // Cheap answers first: an ended game decides at once.
        for g in &groups {
            if g.view.outcome.is_some() && !white_won(g.view.outcome) {
                return Ok(Some(vec![g.origin_of(g.belief.key()[0])]));
            }
        }
        for g in &groups {
            if g.view.refused {
                let next = self.after_refusal(&g.belief.positions()[0], turn, attempt);
                if let Some(w) = self.lost(&g.belief, moves, next)? {
                    return Ok(Some(w));
                }
            } else if g.view.outcome.is_none() {
                if let Some(w) = self.escape(&g.belief, moves - 1)? {
                    return Ok(Some(g.origins(&w)));
                }
            }
        }
        Ok(None)
    }

    /// `attempt` in every position of `belief`, split by White's view
    /// (the refused group first), each position remembering where it came
    /// from.
    fn split(
        &mut self,
        belief: &Belief<Bitboard64>,
        legal: &[Vec<Move>],
        attempt: &MoveAttempt,
    ) -> Vec<Group> {
        let mut refused = Vec::new();
        let mut refused_hashes = Vec::new();
        let mut groups: Vec<(View, Parts)> = Vec::new();
        for ((pos, list), &h) in belief.positions().iter().zip(legal).zip(belief.key()) {
            match find_in(list, attempt) {
                None => {
                    refused.push(pos.clone());
                    refused_hashes.push(h);
                }
                Some(mv) => {
                    let (after, view) = self.observer.play(pos, &mv);
                    let hash = after.zobrist_hash_from(pos, h);
                    match groups.iter_mut().find(|(v, _)| *v == view) {
                        Some((_, parts)) => parts.push(after, hash, h),
                        None => groups.push((view, Parts::of(after, hash, h))),
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(groups.len() + 1);
        if let Some(first) = refused.first() {
            let view = self.observer.refusal_view(first, attempt);
            // Nothing moved: the belief keeps these positions and hashes.
            let parents = refused_hashes.clone();
            let (belief, _) = Belief::hashed(refused, refused_hashes, Vec::new());
            out.push(Group {
                view,
                belief,
                parents,
            });
        }
        for (view, parts) in groups {
            out.push(Group::of(view, parts));
        }
        out
    }

    /// Every legal Black reply in every position of `belief`, split by
    /// White's view.
    fn replies(&mut self, belief: &Belief<Bitboard64>) -> Vec<Group> {
        let mut groups: Vec<(View, Parts)> = Vec::new();
        let mut moves = Vec::new();
        for (pos, &h) in belief.positions().iter().zip(belief.key()) {
            moves.clear();
            pos.moves_into(self.mode, &mut moves);
            for mv in &moves {
                let (after, view) = self.observer.play(pos, mv);
                let hash = after.zobrist_hash_from(pos, h);
                // Few groups, most replies in the first: a scan beats
                // hashing every view.
                match groups.iter_mut().find(|(v, _)| *v == view) {
                    Some((_, parts)) => parts.push(after, hash, h),
                    None => groups.push((view, Parts::of(after, hash, h))),
                }
            }
        }
        groups
            .into_iter()
            .map(|(v, parts)| Group::of(v, parts))
            .collect()
    }

    /// `None` when White, with `moves` moves left after Black's reply,
    /// wins whatever Black replies in whichever position of `belief`;
    /// else a witness in `belief`'s hashes.
    fn escape(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Option<Witness>, Stop> {
        if moves == 0 {
            return Ok(Some(vec![belief.key()[0]]));
        }
        // Black to move in the same belief again (a transposition).
        if let Some(e) = self.escapes.get(belief.key()) {
            if e.won_in <= moves {
                return Ok(None);
            }
            if e.lost_in >= moves {
                return Ok(Some(e.witness.clone()));
            }
        }
        let result = self.escape_search(belief, moves)?;
        self.remember_escape(belief.key(), moves, &result);
        Ok(result)
    }

    /// Keeps a Black-to-move belief's value (`None`: White wins after
    /// every reply, with `moves` left).
    fn remember_escape(&mut self, key: &[u64], moves: u32, result: &Option<Witness>) {
        let e = self.escapes.entry(key.to_vec()).or_insert(Entry {
            won_in: u32::MAX,
            lost_in: 0,
            witness: Vec::new(),
        });
        match result {
            None => e.won_in = e.won_in.min(moves),
            Some(w) if moves > e.lost_in => {
                e.lost_in = moves;
                e.witness = w.clone();
            }
            Some(_) => {}
        }
    }

    fn escape_search(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<Witness>, Stop> {
        self.tick()?;
        let replies = self.replies(belief);
        for g in &replies {
            if g.view.outcome.is_some() && !white_won(g.view.outcome) {
                return Ok(Some(vec![g.origin_of(g.belief.key()[0])]));
            }
        }
        // Beliefs that hold a known lost witness first, then smaller ones:
        // cheaper, and as likely to fail.
        let mut order: Vec<usize> = (0..replies.len()).collect();
        order.sort_by_key(|&i| replies[i].belief.len());
        for i in order {
            let g = &replies[i];
            if g.view.outcome.is_none() {
                if let Some(w) = self.lost(&g.belief, moves, Turn::Fresh)? {
                    return Ok(Some(g.origins(&w)));
                }
            }
        }
        Ok(None)
    }

    /// The full-information lower bound: a position of `belief` with no
    /// mate within `moves` even seen whole (its hash, as a witness). Only
    /// with at most [`FULL_INFO_DEPTH`] moves left. (Tried and dropped: one
    /// sampled position at a move more, which halved the beliefs searched
    /// on the Rotenberg mate in 8 but cost more in mates in 4 than it
    /// saved, 1.3 s against 1.07 s.)
    fn bound(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Option<Witness>, Stop> {
        if moves > FULL_INFO_DEPTH {
            return Ok(None);
        }
        let mut order: Vec<usize> = (0..belief.len()).collect();
        if let Some(hint) = self.escape_hint {
            // First the position whose Black men stand as where a belief
            // last escaped: the others' mates need not be proved then.
            order.sort_by_key(|&i| belief.positions()[i].by_color(Color::Black) != hint);
        }
        for i in order {
            let pos = &belief.positions()[i];
            if !self.mates_in_hashed(pos, belief.key()[i], moves)? {
                self.escape_hint = Some(pos.by_color(Color::Black));
                return Ok(Some(vec![belief.key()[i]]));
            }
        }
        Ok(None)
    }

    /// Whether White, to move in `pos` and seeing everything, forces the
    /// goal within `moves` moves (Black replies with every legal move).
    pub fn mates_in(&mut self, pos: &Pos, moves: u32) -> Result<bool, Stop> {
        self.mates_in_hashed(pos, pos.zobrist_hash(), moves)
    }

    /// [`Solver::mates_in`] for a position whose hash `h` is known (each
    /// next position's hash is then found from its parent's).
    fn mates_in_hashed(&mut self, pos: &Pos, h: u64, moves: u32) -> Result<bool, Stop> {
        if moves == 0 {
            return Ok(false);
        }
        let known = self.full.get(&h).copied().unwrap_or_default();
        // Monotone in the moves: a mate within fewer is a mate within
        // more; no mate within more is no mate within fewer.
        if known.mate != 0 && u32::from(known.mate) <= moves {
            return Ok(true);
        }
        if u32::from(known.none) >= moves {
            return Ok(false);
        }
        self.stats.full_info_positions += 1;
        if moves == 1 {
            let won = self.mates_in_one(pos)?;
            let e = self.full.entry(h).or_default();
            if won {
                e.mate = 1;
            } else {
                e.none = e.none.max(1);
            }
            return Ok(won);
        }
        // Over already (Black's reply ended the game): won only if White won.
        if let Some(o) = pos.decided() {
            return Ok(white_won(Some(o)));
        }
        let list = pos.moves(self.mode);
        if let Some(o) = pos.outcome_with_moves(self.mode, !list.is_empty()) {
            return Ok(white_won(Some(o)));
        }
        // Each move played once; under orthodox rules checks and captures
        // first.
        let killer = self.full_killers.get(moves as usize).copied().flatten();
        let mut afters: Vec<Pos> = Vec::with_capacity(list.len());
        let mut order: Vec<(u8, u16)> = Vec::with_capacity(list.len());
        for (i, m) in list.iter().enumerate() {
            // One node per move generated, as the budgets were set by.
            self.tick()?;
            let after = pos.after(m);
            let first = killer == Some((m.from, m.to));
            let rank = if first {
                0
            } else if self.mode == RuleMode::Orthodox {
                1 + u8::from(!after.is_check()) * 2 + u8::from(!m.is_capture())
            } else {
                1
            };
            order.push((rank, i as u16));
            afters.push(after);
        }
        order.sort_by_key(|&(rank, _)| rank);
        let mut won = false;
        let mut replies = Vec::new();
        'white: for &(_, i) in &order {
            let (m, after) = (&list[usize::from(i)], &afters[usize::from(i)]);
            // The replies once: they say whether the game is over too.
            if let Some(o) = after.decided() {
                if white_won(Some(o)) {
                    won = true;
                    self.full_killers[moves as usize] = Some((m.from, m.to));
                    break;
                }
                continue;
            }
            replies.clear();
            after.moves_into(self.mode, &mut replies);
            let outcome = after.outcome_with_moves(self.mode, !replies.is_empty());
            if white_won(outcome) {
                won = true;
                self.full_killers[moves as usize] = Some((m.from, m.to));
                break;
            }
            if outcome.is_some() {
                continue;
            }
            let after_hash = after.zobrist_hash_from(pos, h);
            for reply in &replies {
                let next = after.after(reply);
                let next_hash = next.zobrist_hash_from(after, after_hash);
                if !self.mates_in_hashed(&next, next_hash, moves - 1)? {
                    continue 'white;
                }
            }
            won = true;
            self.full_killers[moves as usize] = Some((m.from, m.to));
            break;
        }
        let e = self.full.entry(h).or_default();
        let n = moves.min(u32::from(u8::MAX)) as u8;
        if won {
            e.mate = if e.mate == 0 { n } else { e.mate.min(n) };
        } else {
            e.none = e.none.max(n);
        }
        Ok(won)
    }

    /// [`Solver::mates_in`] one move: only checks, each ended or not by
    /// the quick test (no list of Black's replies).
    fn mates_in_one(&mut self, pos: &Pos) -> Result<bool, Stop> {
        if let Some(o) = pos.decided() {
            return Ok(white_won(Some(o)));
        }
        let list = pos.moves(self.mode);
        if let Some(o) = pos.outcome_with_moves(self.mode, !list.is_empty()) {
            return Ok(white_won(Some(o)));
        }
        let killer = self.full_killers[1];
        let first = list
            .iter()
            .position(|m| killer == Some((m.from, m.to)))
            .unwrap_or(0);
        for i in (first..list.len()).chain(0..first) {
            // One node per move generated, as the budgets were set by.
            self.tick()?;
            let m = &list[i];
            let after = pos.after(m);
            if self.mode == RuleMode::Orthodox && !after.is_check() {
                continue;
            }
            if white_won(after.outcome_quick(self.mode)) {
                self.full_killers[1] = Some((m.from, m.to));
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// An answer to `attempt` (with Black's reply, if played) after which
    /// White cannot force the goal within the moves then left: what an
    /// umpire that fights back says. `None` when the attempt forces the
    /// goal (no refutation exists), or when it is refused everywhere
    /// (nothing happens). The belief returned is what White then cannot
    /// tell apart; `moves` counts this attempt.
    pub fn refutation(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<Option<Refutation>, Stop> {
        let legal = self.legal(belief);
        let groups = self.split(belief, &legal, attempt);
        if groups.iter().all(|g| g.view.refused) {
            return Ok(None);
        }
        // Cheap answers first, as in the search: a game that ended without
        // White's win needs no search.
        for g in &groups {
            if g.view.outcome.is_some() && !white_won(g.view.outcome) {
                return Ok(Some((vec![g.view.clone()], g.belief.clone())));
            }
        }
        for Group {
            view,
            belief: group,
            ..
        } in &groups
        {
            if view.refused {
                if !self.wins(group, moves)? {
                    return Ok(Some((vec![view.clone()], group.clone())));
                }
            } else if view.outcome.is_some() {
                if !white_won(view.outcome) {
                    return Ok(Some((vec![view.clone()], group.clone())));
                }
            } else {
                if moves <= 1 {
                    return Ok(Some((vec![view.clone()], group.clone())));
                }
                for Group {
                    view: reply,
                    belief: next,
                    ..
                } in self.replies(group)
                {
                    let lost = match reply.outcome {
                        Some(_) => !white_won(reply.outcome),
                        None => !self.wins(&next, moves - 1)?,
                    };
                    if lost {
                        return Ok(Some((vec![view.clone(), reply], next)));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The shortest number of moves, at most `moves`, in which White wins
    /// `belief`, deepening from one.
    pub fn shortest(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<u32>, Stop> {
        self.shortest_in(belief, moves, Turn::Fresh)
    }

    /// [`Solver::shortest`] at a stage of White's turn.
    pub fn shortest_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<u32>, Stop> {
        for n in 1..=moves {
            self.stats.depth = n;
            if self.wins_in(belief, n, turn)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The moves White's plan in `belief` takes: the fewest, deepening
    /// from one, except that a shorter length whose search would cost more
    /// than [`PLAN_PROBE_NODES`] nodes is passed over (the tree shows the
    /// shortest proof found cheaply; disproving the length just below a
    /// proof's was most of the tree's cost).
    fn plan_length(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<u32>, Stop> {
        for n in 1..moves {
            let budget = self.budget;
            self.budget = budget.min(self.stats.nodes.saturating_add(PLAN_PROBE_NODES));
            let probed = self.wins_in(belief, n, turn);
            self.budget = budget;
            match probed {
                Ok(true) => return Ok(Some(n)),
                Ok(false) => {}
                Err(Stop::Budget | Stop::Undecided) if self.stats.nodes <= budget => {}
                Err(e) => return Err(e),
            }
        }
        Ok(self.wins_in(belief, moves, turn)?.then_some(moves))
    }

    /// White's plan (the proof) in a belief White wins within `moves`.
    pub fn plan(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Option<Plan>, Stop> {
        self.plan_in(belief, moves, Turn::Fresh)
    }

    /// [`Solver::plan`] at a stage of White's turn: "Any?" first when
    /// asking wins (as the search tries it), else the first attempt that
    /// forces the goal.
    fn plan_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<Option<Plan>, Stop> {
        let Some(n) = self.plan_length(belief, moves, turn)? else {
            return Ok(None);
        };
        let turn = self.stage(belief, turn);
        // What the proof-number search proved with, when it did.
        let proved = self.proof_move(belief, n, turn);
        if let Some(ProofMove::Attempt(a)) = proved {
            return self.plan_with_in(belief, n, &a, turn).map(Some);
        }
        let ask = match proved {
            Some(ProofMove::Ask) => true,
            Some(_) => false,
            None => turn == Turn::Fresh && self.ask(belief, n)?.is_none(),
        };
        if ask {
            return self.plan_ask(belief, n).map(Some);
        }
        let legal = self.legal(belief);
        let first = belief.positions()[0].clone();
        if turn == Turn::Obliged {
            if let Some(a) = self.empty_pawn_try(belief, &legal) {
                if self.wins_in(belief, n, Turn::Asked)? {
                    self.plans += 1;
                    let view = self.observer.refusal_view(&first, &a);
                    let then = self.plan_in(belief, n, Turn::Asked)?.map(Box::new);
                    return Ok(Some(Plan {
                        attempt: attempt_san(&first, &a, self.mode),
                        coord: attempt_coord(&first, &a),
                        moves: n,
                        positions: belief.len(),
                        answers: vec![Answer {
                            told: view.words(&first),
                            seen: Vec::new(),
                            refused: true,
                            won: false,
                            positions: belief.len(),
                            then,
                        }],
                    }));
                }
            }
        }
        for a in self.attempts(belief) {
            if turn == Turn::Obliged && !is_pawn_capture(&first, &a) {
                continue;
            }
            if self.refute(belief, &legal, n, &a, turn)?.is_none() {
                return self.plan_with_in(belief, n, &a, turn).map(Some);
            }
        }
        Ok(None)
    }

    /// The plan that starts with "Any?" (which must win within `moves`).
    fn plan_ask(&mut self, belief: &Belief<Bitboard64>, moves: u32) -> Result<Plan, Stop> {
        self.plans += 1;
        let question = self
            .any
            .clone()
            .expect("asked only where the preset has Any?");
        let (yes, no) = self
            .any_answers(belief)
            .expect("asked only where the answer tells something");
        let cut = self.plans >= MAX_TREE_PLANS;
        let mut answers = Vec::new();
        for (words, part, turn) in [
            (question.yes, yes, Turn::Obliged),
            (question.no, no, Turn::Asked),
        ] {
            let then = if cut {
                None
            } else {
                self.plan_in(&part, moves, turn)?.map(Box::new)
            };
            answers.push(Answer {
                told: vec![words],
                seen: Vec::new(),
                refused: true,
                won: false,
                positions: part.len(),
                then,
            });
        }
        Ok(Plan {
            attempt: "Any?".into(),
            coord: "any?".into(),
            moves,
            positions: belief.len(),
            answers,
        })
    }

    /// The plan that starts with `attempt` (which must force the goal in
    /// `moves`).
    pub fn plan_with(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<Plan, Stop> {
        self.plan_with_in(belief, moves, attempt, Turn::Fresh)
    }

    /// [`Solver::plan_with`] at a stage of White's turn.
    fn plan_with_in(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
        turn: Turn,
    ) -> Result<Plan, Stop> {
        self.plans += 1;
        let first = &belief.positions()[0];
        let legal = self.legal(belief);
        let groups = self.split(belief, &legal, attempt);
        let mut answers = Vec::new();
        let cut = self.plans >= MAX_TREE_PLANS;
        for Group {
            view,
            belief: group,
            ..
        } in groups
        {
            let told = view.words(first);
            if view.refused {
                let then = if cut {
                    None
                } else {
                    let next = self.after_refusal(&group.positions()[0], turn, attempt);
                    self.plan_in(&group, moves, next)?.map(Box::new)
                };
                answers.push(Answer {
                    told,
                    seen: Vec::new(),
                    refused: true,
                    won: false,
                    positions: group.len(),
                    then,
                });
            } else if view.outcome.is_some() {
                answers.push(Answer {
                    told,
                    seen: seen_words(&view.seen),
                    refused: false,
                    won: white_won(view.outcome),
                    positions: group.len(),
                    then: None,
                });
            } else {
                for Group {
                    view: reply,
                    belief: next,
                    ..
                } in self.replies(&group)
                {
                    let mut words = told.clone();
                    words.extend(reply.words(first));
                    let won = white_won(reply.outcome);
                    let then = if cut || reply.outcome.is_some() {
                        None
                    } else {
                        self.plan(&next, moves - 1)?.map(Box::new)
                    };
                    answers.push(Answer {
                        told: words,
                        seen: seen_words(&reply.seen),
                        refused: false,
                        won,
                        positions: next.len(),
                        then,
                    });
                }
            }
        }
        Ok(Plan {
            attempt: attempt_san(first, attempt, self.mode),
            coord: attempt_coord(first, attempt),
            moves,
            positions: belief.len(),
            answers,
        })
    }

    /// Whether the last tree built was cut.
    fn tree_cut(&self) -> bool {
        self.plans >= MAX_TREE_PLANS
    }
}

/// Whether `attempt` is a pawn's capture try in `pos` (White's men).
fn is_pawn_capture(pos: &Pos, attempt: &MoveAttempt) -> bool {
    pos.pieces(Color::White, Role::Pawn).contains(attempt.from)
        && pos
            .rules()
            .pawn_attacks(Color::White, attempt.from)
            .contains(attempt.to)
}

/// Enemy men seen, as a piece letter and a square each (`kg3`), in
/// square order.
pub fn seen_words(seen: &[(crate::Square, crate::Piece)]) -> Vec<String> {
    let g = crate::Geometry::CHESS;
    seen.iter()
        .map(|(sq, p)| format!("{}{}", p.char(), g.square_name(*sq)))
        .collect()
}

/// An attempt in coordinates (`a2g2`, `e7e8q`).
pub fn attempt_coord(pos: &Pos, a: &MoveAttempt) -> String {
    crate::Attempt::Move(*a).to_text(pos.geometry())
}

/// An attempt in SAN as White's own board shows it: a pawn's capture onto
/// a square where White sees nothing is written as a capture (`exd5`).
pub fn attempt_san(pos: &Pos, a: &MoveAttempt, mode: RuleMode) -> String {
    let mover = pos.turn();
    let picture = if mode == RuleMode::CaptureKing {
        pos.clone()
    } else {
        masked(pos, mover, Bitboard64::EMPTY)
    };
    if let Some(mv) = find_in(&picture.pseudo_legal_moves(), a) {
        return picture.san_without_marks(&mv, RuleMode::CaptureKing);
    }
    let g = pos.geometry();
    let mut s = format!(
        "{}x{}",
        g.square_name(a.from).chars().next().unwrap_or('?'),
        g.square_name(a.to)
    );
    if let Some(p) = a.promotion {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}

/// The model a puzzle is played under.
pub fn model_of(puzzle: &Puzzle) -> Result<ModelSpec, PuzzleError> {
    if puzzle.goal == Goal::CaptureKing || puzzle.rules == "fog" {
        return Ok(ModelSpec::Fog);
    }
    let mut rules = KriegspielRules::preset(&puzzle.rules).ok_or_else(|| PuzzleError::Field {
        field: "rules",
        message: format!("'{}' is not an umpire preset", puzzle.rules),
    })?;
    // A stalemate fails a problem ([`crate::puzzle::Stalemate`]), even
    // under a preset whose games score it (`rand`).
    rules.stalemate_loses = false;
    Ok(ModelSpec::Kriegspiel { rules })
}

/// The belief White starts with: one position per placement of the hidden
/// men, White to move.
pub fn start_belief(puzzle: &Puzzle) -> Result<Belief<Bitboard64>, PuzzleError> {
    let spec = model_of(puzzle)?;
    let variant = spec.adjust_variant(&Variant::chess());
    let base = Setup::from_fen(&puzzle.fen).map_err(|e| PuzzleError::Fen(e.to_string()))?;
    if base.turn != Color::White {
        return Err(PuzzleError::Field {
            field: "fen",
            message: "the solver takes puzzles with White to move".into(),
        });
    }
    let mut positions = Vec::new();
    for placement in puzzle.placements()? {
        let mut setup = base.clone();
        for (sq, piece) in placement {
            setup.board[sq.index()] = Some(piece);
        }
        positions
            .push(Pos::from_setup(&variant, &setup).map_err(|e| PuzzleError::Fen(e.to_string()))?);
    }
    // White sees its own board and hears the umpire first: placements it
    // can tell apart are not one puzzle.
    let mut observer = Observer::<Bitboard64>::new(&spec, Color::White);
    let views: Vec<View> = positions.iter().map(|p| observer.start_view(p)).collect();
    if let Some(i) = views.iter().position(|v| *v != views[0]) {
        let g = crate::Geometry::CHESS;
        let shown = |v: &View| {
            let mut parts: Vec<String> = v
                .seen
                .iter()
                .map(|(sq, p)| format!("{}{}", p.char(), g.square_name(*sq)))
                .collect();
            parts.extend(v.said.iter().map(|m| format!("\"{}\"", m.text(g))));
            if let Some(o) = v.outcome {
                parts.push(format!("{o:?}"));
            }
            if parts.is_empty() {
                "nothing".to_string()
            } else {
                parts.join(", ")
            }
        };
        return Err(PuzzleError::Field {
            field: "hidden",
            message: format!(
                "White can tell placements apart before it moves ({} in one, {} in another): list only squares that tell White nothing",
                shown(&views[0]),
                shown(&views[i])
            ),
        });
    }
    Ok(Belief::new(positions))
}

/// Searches `puzzle` (see the module docs): the key, the cooks, the proof.
/// `progress` is told the counters every [`REPORT_EVERY`] nodes and
/// cancels by returning `false`.
pub fn solve_with<'p>(
    puzzle: &Puzzle,
    options: &Options,
    progress: Option<&'p mut ProgressFn<'p>>,
) -> Result<Solution, PuzzleError> {
    let spec = model_of(puzzle)?;
    let belief = start_belief(puzzle)?;
    let mut solver = Solver::new(&spec, options.max_nodes, progress);
    let first = belief.positions()[0].clone();
    let san = |a: &MoveAttempt| attempt_san(&first, a, spec.rule_mode());
    let mut solution = Solution::unknown(belief.len());
    // The shortest key, deepening move by move.
    let mut key = None;
    let mut stopped = false;
    let from = if options.shortest { 1 } else { puzzle.moves };
    'deepen: for n in from..=puzzle.moves {
        solver.stats.depth = n;
        match solver.key(&belief, n) {
            Ok(Some(a)) => {
                key = Some((a, n));
                break 'deepen;
            }
            Ok(None) => {}
            Err(_) => {
                stopped = true;
                break 'deepen;
            }
        }
    }
    match key {
        None => {
            solution.verdict = if stopped {
                Verdict::Unknown
            } else {
                Verdict::Refuted
            };
            solution.cooks_complete = !stopped;
        }
        Some((a, n)) => {
            solution.solved_by(san(&a), attempt_coord(&first, &a), n);
            if options.tree {
                if let Ok(plan) = solver.plan_with(&belief, n, &a) {
                    solution.tree = Some(plan);
                    solution.tree_cut = solver.tree_cut();
                }
            }
            if options.cooks {
                solution.cooks_complete = true;
                for other in solver.attempts(&belief) {
                    if other == a {
                        continue;
                    }
                    match solver.forces(&belief, puzzle.moves, &other) {
                        Ok(true) => solution.keys.push(san(&other)),
                        Ok(false) => {}
                        // This move stays open; the others are still tried.
                        Err(Stop::Undecided) => solution.cooks_complete = false,
                        Err(_) => {
                            solution.cooks_complete = false;
                            break;
                        }
                    }
                }
            }
        }
    }
    solution.stats = solver.stats();
    Ok(solution)
}

/// [`solve_with`] with a node budget, cooks and the tree, no progress.
pub fn solve(puzzle: &Puzzle, max_nodes: u64) -> Result<Solution, PuzzleError> {
    solve_with(
        puzzle,
        &Options {
            max_nodes,
            ..Options::default()
        },
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut stop = |_: &Stats| {
            calls += 1;
            false
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
