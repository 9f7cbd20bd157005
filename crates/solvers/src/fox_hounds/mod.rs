//! Fox & Hounds (as the write-up "King & Rook vs King; Fox & Hounds"
//! states it), solved by retrograde analysis on any n×n board
//! with `2 ≤ n ≤ 10`.
//!
//! # Rules
//! The game is played on the light squares (`a1` is dark). The hounds start
//! on every light square of rank 1, the fox on the top rank's light square
//! number ⌊n/4⌋+1 from the a-file (`e8` on 8×8), and the fox moves first. The
//! fox steps to any empty diagonal neighbour; on their turn one hound steps
//! to an empty diagonal neighbour one rank up. The hounds win when the fox
//! cannot move on its turn. The fox wins when no hound can move on the
//! hounds' turn, or when it has *escaped*: its square and at least one of its
//! diagonal neighbours lie outside every hound's forward cone (the squares a
//! hound could ever stand on: `r' ≥ r` and `|f' − f| ≤ r' − r`), checked
//! whichever side is to move. A game ends at its first terminal position.
//!
//! # Use
//! ```
//! use fogbound_solvers::fox_hounds::{solve, BoardSize};
//! use fogbound_solvers::progress::Silent;
//!
//! let solution = solve(BoardSize::new(4).unwrap(), &mut Silent).unwrap();
//! assert_eq!(solution.positions(), 83);
//! assert_eq!(solution.initial_evaluation().to_string(), "Hounds win in 8");
//! assert_eq!(solution.games().to_string(), "178");
//! ```
//!
//! # Code map
//! * `board` — squares, light-square geometry, [`Position`] and its diagram.
//! * `index` — hound sets → dense slots grouped in layers of equal rank sum.
//! * `eval` — [`Evaluation`] and its one-byte codes with sentinels.
//! * `solve` — the `reachable` and `values` passes.
//! * `games` — the `games` pass and [`BigCount`].
//! * `ai` — FoxBox, the B value, the write-up's AI and its fuzz probabilities.

mod ai;
mod board;
mod eval;
mod games;
mod index;
mod parallel;
mod solve;

pub use ai::{FoxBoxInfo, FuzzOdds};
pub use board::{BoardSize, Move, Position, PositionError, Side, Square, MAX_SIZE, MIN_SIZE};
pub use eval::Evaluation;
pub use games::BigCount;

use crate::progress::{Cancelled, Progress};
use board::{bits, Board};
use eval::{is_terminal, UNREACHED};
use index::HoundSets;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// How to solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Threads for the passes. Ignored on `wasm32`, which has none.
    pub threads: usize,
}

impl Default for SolveOptions {
    /// Every available core natively, one thread on `wasm32`.
    fn default() -> SolveOptions {
        SolveOptions {
            threads: parallel::default_threads(),
        }
    }
}

/// The figures of the write-up's table for one board size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub size: u8,
    /// Reachable positions, terminal ones included.
    pub positions: u64,
    /// The initial position's evaluation in the write-up's wording.
    pub evaluation: String,
    /// The exact number of possible games, in decimal.
    pub games: String,
    /// Wall-clock seconds. The library cannot measure time on `wasm32`, so it
    /// leaves 0 and callers fill this in.
    pub seconds: f64,
    /// The most bytes the solver's own tables held at once.
    pub peak_bytes: u64,
}

/// A legal move and what it leads to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveOutcome {
    pub mv: Move,
    pub position: Position,
    pub evaluation: Evaluation,
}

/// The write-up's example positions (8×8) and the initial position (any size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NamedPosition {
    /// The start of the game.
    Initial,
    /// The first reachable position whose result differs from the initial
    /// position's, in breadth-first order (on 8×8: lost by the hounds, Fox
    /// win in 29).
    Opposite,
    /// The write-up's three FoxBox examples (the write-up shows no side to move; they
    /// are reachable with the hounds to move).
    FoxBox1,
    FoxBox2,
    FoxBox3,
}

impl NamedPosition {
    pub const ALL: [NamedPosition; 5] = [
        NamedPosition::Initial,
        NamedPosition::Opposite,
        NamedPosition::FoxBox1,
        NamedPosition::FoxBox2,
        NamedPosition::FoxBox3,
    ];

    /// A short label for menus.
    pub fn label(self) -> &'static str {
        match self {
            NamedPosition::Initial => "initial position",
            NamedPosition::Opposite => "opposite position",
            NamedPosition::FoxBox1 => "FoxBox example 1",
            NamedPosition::FoxBox2 => "FoxBox example 2",
            NamedPosition::FoxBox3 => "FoxBox example 3",
        }
    }

    /// The write-up's diagram of a FoxBox example (8×8).
    fn diagram(self) -> Option<&'static str> {
        match self {
            NamedPosition::FoxBox1 => Some(FOX_BOX_1),
            NamedPosition::FoxBox2 => Some(FOX_BOX_2),
            NamedPosition::FoxBox3 => Some(FOX_BOX_3),
            NamedPosition::Initial | NamedPosition::Opposite => None,
        }
    }
}

const FOX_BOX_1: &str = "Hounds to move
+--------+
|* * * * |
| * F * *|
|* * * * |
| * * * *|
|* * H H |
| H H * *|
|* * * * |
| * * * *|
+--------+";

const FOX_BOX_2: &str = "Hounds to move
+--------+
|* * H * |
| F * * *|
|* * H * |
| H H * *|
|* * * * |
| * * * *|
|* * * * |
| * * * *|
+--------+";

const FOX_BOX_3: &str = "Hounds to move
+--------+
|H * H F |
| * * H *|
|* * * H |
| * * * *|
|* * * * |
| * * * *|
|* * * * |
| * * * *|
+--------+";

/// Byte accounting for the solver's own tables.
#[derive(Debug, Default)]
pub(crate) struct Meter {
    now: usize,
    peak: usize,
}

impl Meter {
    pub fn grow(&mut self, bytes: usize) {
        self.now += bytes;
        self.peak = self.peak.max(self.now);
    }

    pub fn shrink(&mut self, bytes: usize) {
        self.now = self.now.saturating_sub(bytes);
    }
}

/// A solved board: the value of every reachable position and the figures.
pub struct Solution {
    board: Board,
    sets: HoundSets,
    /// One code per position index (see `eval`).
    values: Vec<u8>,
    positions: u64,
    games: BigCount,
    peak_bytes: u64,
    ai: OnceLock<ai::AiTables>,
}

/// Solves the board of `size` with the default options.
///
/// Passes reported to `progress`: `reachable`, `values`, `games` (done and
/// total in layers). Any `Err` from `progress` stops the solver.
pub fn solve(size: BoardSize, progress: &mut impl Progress) -> Result<Solution, Cancelled> {
    solve_with(size, &SolveOptions::default(), progress)
}

/// Solves the board of `size`.
pub fn solve_with(
    size: BoardSize,
    options: &SolveOptions,
    progress: &mut impl Progress,
) -> Result<Solution, Cancelled> {
    let threads = options.threads.max(1);
    let mut meter = Meter::default();
    let board = Board::new(size);
    let sets = HoundSets::new(&board);
    meter.grow(sets.bytes());
    let mut values = vec![UNREACHED; sets.table_len()];
    meter.grow(values.len());
    solve::reachable(&board, &sets, &mut values, threads, progress)?;
    solve::values(&board, &sets, &mut values, threads, progress)?;
    let games = games::count_games(&board, &sets, &values, threads, &mut meter, progress)?;
    let positions = values.iter().filter(|&&c| c != UNREACHED).count() as u64;
    Ok(Solution {
        board,
        sets,
        values,
        positions,
        games,
        peak_bytes: meter.peak as u64,
        ai: OnceLock::new(),
    })
}

impl Solution {
    pub fn size(&self) -> BoardSize {
        self.board.size
    }

    /// Reachable positions, terminal ones included.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The exact number of possible games.
    pub fn games(&self) -> &BigCount {
        &self.games
    }

    /// The most bytes the solver's tables held at once (the AI tables, built
    /// on first use, are not included; see [`Solution::ai_bytes`]).
    pub fn peak_bytes(&self) -> u64 {
        self.peak_bytes
    }

    pub fn initial_position(&self) -> Position {
        Position::initial(self.size())
    }

    pub fn initial_evaluation(&self) -> Evaluation {
        self.code_evaluation(self.values[self.board.fox_start as usize])
    }

    /// The write-up's table row (with `seconds` left at 0 for the caller).
    pub fn summary(&self) -> Summary {
        Summary {
            size: self.size().get(),
            positions: self.positions,
            evaluation: self.initial_evaluation().to_string(),
            games: self.games.to_string(),
            seconds: 0.0,
            peak_bytes: self.peak_bytes,
        }
    }

    /// How many reachable positions have each evaluation, best for the
    /// hounds first.
    pub fn evaluation_counts(&self) -> Vec<(Evaluation, u64)> {
        let mut counts = [0u64; 256];
        for &c in &self.values {
            counts[c as usize] += 1;
        }
        (0..=255u8)
            .filter(|&c| counts[c as usize] > 0)
            .filter_map(|c| Evaluation::from_code(c).map(|e| (e, counts[c as usize])))
            .collect()
    }

    /// One of the write-up's named positions: the initial and opposite positions
    /// on any board (if the game has an opposite position), the FoxBox
    /// examples on 8×8.
    pub fn named(&self, name: NamedPosition) -> Option<Position> {
        match name {
            NamedPosition::Initial => Some(self.initial_position()),
            NamedPosition::Opposite => self.opposite(),
            _ if self.size() != BoardSize::EIGHT => None,
            _ => name.diagram()?.parse().ok(),
        }
    }

    /// The first position, in breadth-first order from the initial position,
    /// whose winner differs from the initial position's. Moves are taken in
    /// the published solver's order: the fox down-left, down-right, up-left,
    /// up-right; the hounds by file, then rank, each left before right.
    fn opposite(&self) -> Option<Position> {
        let winner = self.initial_evaluation().winner();
        let start = (self.board.fox_start, self.board.hounds_start, Side::Fox);
        let mut seen = std::collections::HashSet::from([self.raw_index(start.0, start.1, start.2)]);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some((fox, hounds, side)) = queue.pop_front() {
            let code = self.values[self.raw_index(fox, hounds, side)];
            if self.code_evaluation(code).winner() != winner {
                return Some(self.board.position(fox, hounds, side));
            }
            if is_terminal(code) {
                continue;
            }
            let mut next = self.children(fox, hounds, side);
            let key = |m: &Move| match side {
                Side::Fox => (m.to.rank > m.from.rank, m.to.file, 0, 0),
                Side::Hounds => (false, m.from.file, m.from.rank, m.to.file),
            };
            next.sort_by_key(|(m, _, _)| key(m));
            for (_, f, h) in next {
                if seen.insert(self.raw_index(f, h, side.other())) {
                    queue.push_back((f, h, side.other()));
                }
            }
        }
        None
    }

    /// The value of a reachable position.
    pub fn evaluate(&self, position: &Position) -> Result<Evaluation, PositionError> {
        let index = self.index(position)?;
        Ok(self.code_evaluation(self.values[index]))
    }

    /// Whether the game is over in this (reachable) position.
    pub fn is_over(&self, position: &Position) -> Result<bool, PositionError> {
        Ok(is_terminal(self.values[self.index(position)?]))
    }

    /// The legal moves of a reachable position with their results, best first
    /// for the side to move (ties in the order the moves are generated).
    /// Empty when the game is over.
    pub fn moves(&self, position: &Position) -> Result<Vec<MoveOutcome>, PositionError> {
        let index = self.index(position)?;
        if is_terminal(self.values[index]) {
            return Ok(Vec::new());
        }
        let (fox, hounds) = self.board.encode(position)?;
        let mut out: Vec<MoveOutcome> = self
            .children(fox, hounds, position.to_move())
            .into_iter()
            .map(|(mv, next_fox, next_hounds)| {
                let next = self
                    .board
                    .position(next_fox, next_hounds, position.to_move().other());
                let code = self.values[self.raw_index(next_fox, next_hounds, next.to_move())];
                MoveOutcome {
                    mv,
                    position: next,
                    evaluation: self.code_evaluation(code),
                }
            })
            .collect();
        match position.to_move() {
            Side::Fox => out.sort_by_key(|o| std::cmp::Reverse(o.evaluation)),
            Side::Hounds => out.sort_by_key(|o| o.evaluation),
        }
        Ok(out)
    }

    /// Plays `mv` in a reachable position (the game must not be over).
    pub fn play(&self, position: &Position, mv: Move) -> Result<Position, PositionError> {
        self.moves(position)?
            .into_iter()
            .find(|o| o.mv == mv)
            .map(|o| o.position)
            .ok_or(PositionError::IllegalMove)
    }

    /// The legal moves from (fox, hounds) with `side` to move, ignoring
    /// whether the game is over: (move, fox after, hounds after).
    fn children(&self, fox: u8, hounds: u64, side: Side) -> Vec<(Move, u8, u64)> {
        let b = &self.board;
        let sq = |i: usize| b.squares[i];
        match side {
            Side::Fox => bits(b.near[fox as usize] & !hounds)
                .map(|g| {
                    let mv = Move {
                        from: sq(fox as usize),
                        to: sq(g),
                    };
                    (mv, g as u8, hounds)
                })
                .collect(),
            Side::Hounds => bits(hounds)
                .flat_map(|h| {
                    bits(b.up[h] & !hounds & !(1 << fox)).map(move |t| {
                        let mv = Move {
                            from: sq(h),
                            to: sq(t),
                        };
                        (mv, fox, hounds ^ 1 << h ^ 1 << t)
                    })
                })
                .collect(),
        }
    }

    fn raw_index(&self, fox: u8, hounds: u64, side: Side) -> usize {
        let light = self.board.light_squares();
        (self.sets.slot(hounds) * 2 + side.index()) * light + fox as usize
    }

    /// The table index of a reachable position.
    fn index(&self, position: &Position) -> Result<usize, PositionError> {
        let (fox, hounds) = self.board.encode(position)?;
        let index = self.raw_index(fox, hounds, position.to_move());
        if self.values[index] == UNREACHED {
            Err(PositionError::Unreachable)
        } else {
            Ok(index)
        }
    }

    fn code_evaluation(&self, code: u8) -> Evaluation {
        Evaluation::from_code(code).expect("reachable positions have values")
    }
}
