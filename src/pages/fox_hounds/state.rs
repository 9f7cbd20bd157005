//! The Fox & Hounds page's state: the board size, the solved figures, the
//! fuzz factor and its odds, the game against the AI, and the job under
//! way. The AI's moves are the solver's own draws (the worker's fox domain
//! sends one with every position); the page only says which seed.

use std::rc::Rc;

use fogbound_solvers::fox_hounds::{
    Evaluation, FoxBoxInfo, FuzzOdds, Move, MoveOutcome, NamedPosition, Position, Side, Square,
    Summary,
};

use crate::components::BoardSquare;
use crate::play::input::pick_move;
use crate::worker::fox::{Explored, FoxAnswer, FoxJob, FoxJobs};
use crate::worker::slot::{Finished, JobSlot};
use crate::worker::ClientEvent;

/// The fuzz factor the published write-up found fairest on 8×8.
pub const PUBLISHED_FAIREST: f64 = 0.006935;

/// The bisection steps "Find the fairest p" takes (the published figure
/// is the 17th midpoint).
const FAIREST_STEPS: u32 = 17;

#[derive(Clone, Debug, PartialEq)]
pub struct FoxState {
    pub size: u8,
    pub job: JobSlot<FoxJobs>,
    pub solved: Option<Solved>,
    pub p: f64,
    pub odds: Option<FuzzOdds>,
    pub fairest: Option<Vec<(f64, f64)>>,
    pub game: Option<Game>,
    /// The side the person chose, while the start position is fetched.
    pending: Option<Side>,
    /// The seed of the AI's draws in this page's games; each position asks
    /// with the next one.
    seed: u64,
}

/// A board's figures, with what the solve cost in this browser.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub summary: Summary,
    pub counts: Vec<(Evaluation, u64)>,
    pub millis: f64,
    pub memory_bytes: u64,
}

/// A game against the AI.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub human: Side,
    pub position: Position,
    /// `None` while the worker looks the position up.
    pub evaluation: Option<Evaluation>,
    pub over: bool,
    pub moves: Vec<MoveOutcome>,
    pub fox_box: Option<FoxBoxInfo>,
    pub history: Vec<String>,
    pub selected: Option<Square>,
}

pub enum FoxAction {
    SetSize(u8),
    Solve,
    SetP(f64),
    Fuzz,
    Fairest,
    Start(NamedPosition, Side),
    Play(Move),
    Click(BoardSquare),
    Worker(ClientEvent<FoxAnswer>),
}

/// `a1`-style name of a square.
fn name(square: Square) -> String {
    format!(
        "{}{}",
        char::from(b'a' + square.file),
        u16::from(square.rank) + 1
    )
}

/// `c1-d2`.
pub fn move_text(m: &Move) -> String {
    format!("{}-{}", name(m.from), name(m.to))
}

impl FoxState {
    /// A page whose AI draws from `seed` on.
    pub fn new(seed: u64) -> FoxState {
        FoxState {
            size: 8,
            job: JobSlot::default(),
            solved: None,
            p: PUBLISHED_FAIREST,
            odds: None,
            fairest: None,
            game: None,
            pending: None,
            seed,
        }
    }

    /// Asks for `position`'s moves and the AI's draw there.
    fn explore(&mut self, position: Position) {
        self.seed = self.seed.wrapping_add(1);
        self.job.start(FoxJob::Explore {
            size: self.size,
            position,
            p: self.p,
            seed: self.seed,
        });
    }

    fn play(&mut self, chosen: Move) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let Some(outcome) = game.moves.iter().find(|o| o.mv == chosen).cloned() else {
            return;
        };
        game.history.push(move_text(&chosen));
        game.position = outcome.position.clone();
        game.moves.clear();
        game.selected = None;
        game.evaluation = None;
        self.explore(outcome.position);
    }

    fn click(&mut self, square: BoardSquare) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.over || game.position.to_move() != game.human || game.evaluation.is_none() {
            return;
        }
        let clicked = Square {
            file: square.file,
            rank: square.rank,
        };
        let moves = &game.moves;
        let picked = pick_move(
            &mut game.selected,
            clicked,
            |at| moves.iter().any(|o| o.mv.from == at),
            |from, to| moves.iter().any(|o| o.mv.from == from && o.mv.to == to),
        );
        if let Some((from, to)) = picked {
            self.play(Move { from, to });
        }
    }

    /// A position looked up: shown, and the AI's move played on its turn.
    fn explored(&mut self, explored: Explored) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let ai_turn = !explored.over && explored.position.to_move() != game.human;
        game.position = explored.position;
        game.evaluation = Some(explored.evaluation);
        game.over = explored.over;
        game.moves = explored.moves;
        game.fox_box = explored.fox_box;
        if let (true, Some(m)) = (ai_turn, explored.ai_move) {
            self.play(m);
        }
    }

    fn finished(&mut self, done: Finished<FoxAnswer>) {
        match done.answer {
            FoxAnswer::Solved { summary, counts } => {
                self.solved = Some(Solved {
                    summary,
                    counts,
                    millis: done.millis,
                    memory_bytes: done.memory_bytes,
                })
            }
            FoxAnswer::Fuzz(odds) => self.odds = Some(odds),
            FoxAnswer::Fairest(steps) => {
                if let Some(&(p, _)) = steps.last() {
                    self.p = p;
                    self.odds = None;
                }
                self.fairest = Some(steps);
            }
            FoxAnswer::Named(position) => {
                let human = self.pending.take().unwrap_or(Side::Fox);
                self.game = Some(Game {
                    human,
                    position: position.clone(),
                    evaluation: None,
                    over: false,
                    moves: Vec::new(),
                    fox_box: None,
                    history: Vec::new(),
                    selected: None,
                });
                self.explore(position);
            }
            FoxAnswer::Explored(explored) => self.explored(explored),
        }
    }
}

impl FoxState {
    /// The state after `action` (in the page, yew's `Reducible` forwards here).
    pub fn reduce(self: Rc<Self>, action: FoxAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            FoxAction::SetSize(size) => {
                if size != s.size {
                    s.size = size;
                    s.solved = None;
                    s.odds = None;
                    s.fairest = None;
                    s.game = None;
                }
            }
            FoxAction::Solve => s.job.start(FoxJob::Solve { size: s.size }),
            FoxAction::SetP(p) => {
                s.p = p.clamp(0.0, 1.0);
                s.odds = None;
            }
            FoxAction::Fuzz => s.job.start(FoxJob::Fuzz {
                size: s.size,
                p: s.p,
            }),
            FoxAction::Fairest => s.job.start(FoxJob::Fairest {
                size: s.size,
                steps: FAIREST_STEPS,
            }),
            FoxAction::Start(named, human) => {
                s.game = None;
                s.pending = Some(human);
                s.job.start(FoxJob::Named {
                    size: s.size,
                    name: named,
                });
            }
            FoxAction::Play(m) => s.play(m),
            FoxAction::Click(square) => s.click(square),
            FoxAction::Worker(event) => {
                if let Some(done) = s.job.receive(event) {
                    s.finished(done);
                }
            }
        }
        Rc::new(s)
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for FoxState {
    type Action = FoxAction;

    fn reduce(self: Rc<Self>, action: FoxAction) -> Rc<Self> {
        FoxState::reduce(self, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::fox::run;
    use fogbound_solvers::fox_hounds::Solution;

    /// Runs the job the state asked for natively, as the worker would.
    fn answer(state: Rc<FoxState>, kept: &mut Option<Solution>) -> Rc<FoxState> {
        let job = state.job.next_job().expect("a job was asked for");
        let event = ClientEvent::of(run(&job, kept, &mut |_, _, _| {}));
        state.reduce(FoxAction::Worker(event))
    }

    #[test]
    fn the_ai_plays_the_move_the_solver_drew() {
        let mut kept = None;
        let s = Rc::new(FoxState::new(5)).reduce(FoxAction::SetSize(6));
        // The person plays the hounds: the fox (the AI) moves first.
        let s = s.reduce(FoxAction::Start(NamedPosition::Initial, Side::Hounds));
        let s = answer(s, &mut kept); // the start
        let FoxJob::Explore {
            seed, position, p, ..
        } = s.job.next_job().unwrap()
        else {
            panic!("the start is looked up");
        };
        let drawn = kept
            .as_ref()
            .unwrap()
            .ai_move(&position, p, seed)
            .unwrap()
            .unwrap();
        let s = answer(s, &mut kept); // the AI's move, played at once
        let game = s.game.as_ref().unwrap();
        assert_eq!(game.history, vec![move_text(&drawn)]);
        let s = answer(s, &mut kept); // the person's turn
        let game = s.game.as_ref().unwrap();
        assert_eq!(game.position.to_move(), Side::Hounds);
        assert!(!game.moves.is_empty());
        // Each position asks with a new seed.
        let first = game.moves[0].mv;
        let s = s.reduce(FoxAction::Play(first));
        let FoxJob::Explore { seed: next, .. } = s.job.next_job().unwrap() else {
            panic!("the person's move is looked up");
        };
        assert_ne!(next, seed);
    }
}
