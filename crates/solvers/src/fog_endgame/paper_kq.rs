//! The paper's own K+Q strategy (Gehnen & Stannat, "Fog of War Chess",
//! section 2) as a deterministic
//! White policy on belief states, and its exact worst case against an
//! omniscient black king.
//!
//! The policy ([`PaperKq::decide`]) sees what White knows: its king, its
//! queen, the set S of squares where the black king may be, and a little
//! memory: the stage (1: reach the corner configuration, 2: push the king
//! back line by line, with the symmetry the push is going in) and, for the
//! `paper` reading, the square where White saw the king right after its
//! last move. It follows the paper's lemmas; where the paper gives one
//! example position and says the other cases are similar, the example is
//! read in a frame of the board's symmetries; where it is silent, a fixed
//! rule is used. Each such reading is listed in `READINGS.md` ("The
//! paper's K+Q strategy against the optimum"); [`RaiseRule`] names the
//! three readings of when the queen's line is raised.
//!
//! The evaluator ([`PaperKq::outcome`]) plays the policy against every
//! answer of Black (the belief sets of [`Game::branches`]), memoised on
//! (White's men, S, memory): a state's worst case is one move more than
//! its worst belief set's (an empty set: the capture, one move). A move that
//! is not a legal move of White's men, a move that leaves a man or the king
//! en prise to a square of S, a state where no rule of the policy applies,
//! and a line that returns to a state already on it (Black can repeat it
//! forever) make the strategy fail from every start that reaches them.
//!
//! One file per part: this one the policy's types and its entry
//! ([`PaperKq::decide`]); `stage_one` and `stage_two` the rules of the
//! paper's two stages; `evaluator` the worst case; `report` the strategy
//! against the optimum over every start.

mod evaluator;
mod report;
mod stage_one;
mod stage_two;

pub use report::{
    evaluate, strategy_line, with_stack, FailureCounts, StrategyLine, StrategyReport, StrategyStep,
};

use evaluator::{CornerMemo, Memo};

use super::board::Board;
use super::game::{Game, Reading};
use super::men::{attacks, Man, Material, Placements};
use serde::Serialize;

/// The policy's memory: which of the paper's two stages it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Stage {
    /// Stage 1 (Lemmas 2–5): bring the king into a corner, the queen next
    /// to it.
    Corner,
    /// Stage 2 (Lemmas 7–11): push the black king back line by line, in
    /// the frame of symmetry `g` (fixed when Stage 2 begins: the queen's
    /// line is a rank of that frame, the black king above it).
    Push { g: u8 },
}

impl Stage {
    fn index(self) -> u32 {
        match self {
            Stage::Corner => 0,
            Stage::Push { g } => 1 + g as u32,
        }
    }
}

/// Which of the paper's rules chose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Rule {
    /// Lemmas 3–4: the king leaves the centre, away from the black king.
    LeaveCentre,
    /// Lemma 5: the queen moves next to her king in one move.
    QueenToKing,
    /// Lemma 5: the queen's first move of two, to a waypoint.
    QueenWaypoint,
    /// Lemma 1: the queen steps around her king towards a wanted square.
    QueenAround,
    /// Lemma 2, case 1: the queen goes between the king and the edge, then
    /// onto the edge.
    QueenToEdge,
    /// Lemma 2, cases 1 and 2: the king steps towards the edge.
    KingToEdge,
    /// Lemma 2, case 3: the king walks along the edge into the corner.
    KingToCorner,
    /// Lemma 7: the queen on the second line, the king on the first, to the
    /// other side (a king on the first line is caught).
    FirstLine,
    /// Lemmas 8–11: the queen and the king move along the line one square
    /// at a time.
    Sweep,
    /// Lemmas 8–10: the king steps up beside the queen …
    RaiseKing,
    /// … and the queen follows one line up.
    RaiseQueen,
    /// Lemma 10: a move after which the black king has no unseen step.
    Stalemate,
    /// Lemma 10: the king up beside the queen, boxing the black king on the
    /// far side of her file.
    BoxKing,
}

/// One decision: White's men after the move, the stage after it, the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub king: u8,
    pub queen: u8,
    pub stage: Stage,
    pub rule: Rule,
}

/// Why the strategy does not win from a start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Failure {
    /// The policy's move is not a move of White's men.
    Illegal,
    /// The policy's move leaves the king or an undefended queen next to a
    /// square where the black king may be.
    Unsafe,
    /// No rule of the policy applies to a state it reached.
    NoRule,
    /// Black can bring the policy back to a state already on the line, so
    /// the king is never caught.
    Loop,
}

/// The outcome of the strategy from one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Won within this many White moves against any defence (the capture
    /// counted).
    Won(u16),
    Failed(Failure),
}

/// The paper's strategy on one board, for K+Q.
pub struct PaperKq {
    pub table: Placements,
    pub reading: Reading,
    memo: Memo,
    /// Every state where a failure starts (not where it is passed on): a
    /// move that fails there, or the state a loop returns to.
    pub origins: Vec<(Failure, [u8; 2], u64, Stage)>,
    corner_memo: CornerMemo,
    /// Which reading of Stage 2 ([`RaiseRule`]).
    pub raise_rule: RaiseRule,
}

/// Rows 0..=r (in a frame) as a mask.
fn rows_upto(r: usize) -> u64 {
    if r >= 7 {
        u64::MAX
    } else {
        (1u64 << (8 * (r + 1))) - 1
    }
}

fn row(r: usize) -> u64 {
    0xffu64 << (8 * r)
}

fn file_mask(f: usize) -> u64 {
    0x0101_0101_0101_0101u64 << f
}

fn sq(f: usize, r: usize) -> u8 {
    (r * 8 + f) as u8
}

fn chebyshev(a: u8, b: u8) -> usize {
    Board::file(a)
        .abs_diff(Board::file(b))
        .max(Board::rank(a).abs_diff(Board::rank(b)))
}

/// Where a frame puts White's men and S, and what kind of frame it is.
#[derive(Clone, Copy, Debug)]
struct Frame {
    g: u8,
    king: u8,
    queen: u8,
    set: u64,
    /// Lemma 7: black-king squares remain on the first line.
    first_line: bool,
}

impl PaperKq {
    /// The strategy on the n×n board (4 ≤ n ≤ 8).
    pub fn new(n: usize, reading: Reading) -> Result<PaperKq, String> {
        let board = Board::new(n)?;
        Ok(PaperKq {
            table: Placements::new(board, Material::KQ),
            reading,
            memo: Memo::default(),
            corner_memo: CornerMemo::default(),
            raise_rule: RaiseRule::Paper,
            origins: Vec::new(),
        })
    }

    pub fn board(&self) -> Board {
        self.table.board
    }

    fn game(&self) -> Game<'_> {
        Game {
            table: &self.table,
            reading: self.reading,
        }
    }

    /// States the evaluator has valued so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Every state the evaluator has valued: White's men (king, queen), the
    /// belief set, the stage, the square where White last saw the king
    /// (`paper` only).
    pub fn visited(&self) -> Vec<([u8; 2], u64, Stage, Option<u8>)> {
        self.memo
            .keys()
            .map(|&(set, packed)| {
                let p = self.table.placement(packed & ((1 << 20) - 1));
                let stage = match (packed >> 20) & 15 {
                    0 => Stage::Corner,
                    i => Stage::Push { g: (i - 1) as u8 },
                };
                let seen = (packed >> 24).checked_sub(1).map(|s| s as u8);
                ([p[0], p[1]], set, stage, seen)
            })
            .collect()
    }

    /// The squares a queen on `queen` reaches with the king on `king`.
    fn queen_reach(&self, king: u8, queen: u8) -> u64 {
        let occupied = 1u64 << king | 1u64 << queen;
        attacks(self.board(), Some(Man::Queen), queen, occupied) & !occupied
    }

    /// The paper's corner configuration: the king in a corner, the queen
    /// next to it.
    pub fn corner_configuration(&self, king: u8, queen: u8) -> bool {
        let last = self.board().size() - 1;
        let (f, r) = (Board::file(king), Board::rank(king));
        (f == 0 || f == last)
            && (r == 0 || r == last)
            && self.board().king_steps(1 << king) & (1 << queen) != 0
    }

    /// The central squares (the paper's D4, D5, E4, E5 on 8×8): at least
    /// ⌈n/2⌉ − 1 squares from every edge.
    pub fn central(&self, s: u8) -> bool {
        let n = self.board().size();
        self.edge_distance(s) + 1 >= n.div_ceil(2)
    }

    fn edge_distance(&self, s: u8) -> usize {
        let last = self.board().size() - 1;
        let (f, r) = (Board::file(s), Board::rank(s));
        f.min(r).min(last - f).min(last - r)
    }

    /// Whether White's men after a move leave nothing en prise to `set`.
    fn safe_after(&self, king: u8, queen: u8, set: u64) -> bool {
        let p = [king, queen, 0];
        if !self.table.valid(&p) {
            return false;
        }
        Game::safe(self.table.get(self.table.code(&p)), set)
    }

    fn decision(&self, g: u8, king: u8, queen: u8, stage: Stage, rule: Rule) -> Option<Decision> {
        let inv = Board::inverse(g);
        Some(Decision {
            king: self.board().map_square(inv, king),
            queen: self.board().map_square(inv, queen),
            stage,
            rule,
        })
    }

    /// White's move from its king, queen and the belief set S (White to
    /// move, S unseen and not empty), in the given stage; `None` when no
    /// rule applies.
    pub fn decide(&self, king: u8, queen: u8, set: u64, stage: Stage) -> Option<Decision> {
        self.decide_seen(king, queen, set, stage, None)
    }

    /// As [`PaperKq::decide`], White also remembering the square where it
    /// saw the black king right after its last move (`paper` uses
    /// it; the other readings do not).
    pub fn decide_seen(
        &self,
        king: u8,
        queen: u8,
        set: u64,
        stage: Stage,
        seen: Option<u8>,
    ) -> Option<Decision> {
        let stage = if stage == Stage::Corner && self.corner_configuration(king, queen) {
            // Stage 2 begins: the lowest symmetry that makes a frame.
            let g = (0..8u8).find(|&g| self.frame(g, king, queen, set).is_some())?;
            Stage::Push { g }
        } else {
            stage
        };
        match stage {
            Stage::Corner => self.stage_one(king, queen, set),
            Stage::Push { g } => self.stage_two(g, king, queen, set, seen),
        }
    }
}

/// When the queen's line is raised: the three readings of the paper's
/// Stage 2 (see `READINGS.md`). Stage 1, the sweep, Lemma 7 and Lemma 10's
/// stalemate are common to all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RaiseRule {
    /// `paper`: Lemma 8 as written: as soon as the queen has seen the king
    /// on her file above her, the king diagonally up beside her, and the
    /// queen one line up next move, whatever Black may answer; no other
    /// raise. (Needs White to remember where it saw the king.)
    Paper,
    /// `paper-careful`: a raise only when every answer of Black keeps the
    /// king above the queen's new line: the king first (Lemmas 8–9), the
    /// queen first (Lemma 10, case C8), or the king alone boxing the king
    /// on two lines (Lemma 10, case D8).
    Careful,
    /// `paper-careful-turning`: as `paper-careful`, an answer that leaves
    /// the king in the frame of the board turned with fewer lines left
    /// also counting (Lemmas 8–9: "he has only two files left").
    CarefulTurning,
}

impl RaiseRule {
    pub const ALL: [RaiseRule; 3] = [
        RaiseRule::Paper,
        RaiseRule::Careful,
        RaiseRule::CarefulTurning,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RaiseRule::Paper => "paper",
            RaiseRule::Careful => "paper-careful",
            RaiseRule::CarefulTurning => "paper-careful-turning",
        }
    }

    /// `paper`, `paper-careful`, `paper-careful-turning`; `None` for
    /// anything else.
    pub fn parse(text: &str) -> Option<RaiseRule> {
        RaiseRule::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
    }
}
