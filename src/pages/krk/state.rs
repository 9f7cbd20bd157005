//! The KRK page's state: the board size, the solved figures, the game
//! against perfect play, the growth table and the strategy's row, and the
//! job under way. Every answer comes from the worker's KRK domain.

use std::rc::Rc;

use fogbound_solvers::krk::quadrant::GrowthRow;
use fogbound_solvers::krk::strategy::StrategyRow;
use fogbound_solvers::krk::{KrkSummary, Position, ScoredMove, Side, Square, Value};

use crate::components::BoardSquare;
use crate::play::input::pick_move;
use crate::worker::krk::{
    KrkAnswer, KrkJob, KrkJobs, MAX_KRK_STRATEGY_SIZE, MIN_KRK_STRATEGY_SIZE,
};
use crate::worker::slot::{Finished, JobSlot};
use crate::worker::ClientEvent;

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct KrkState {
    pub size: u32,
    /// The job under way and the last message.
    pub job: JobSlot<KrkJobs>,
    pub solved: Option<Solved>,
    pub game: Option<Game>,
    pub growth: Option<Vec<GrowthRow>>,
    pub growth_max: u32,
    pub strategy: Option<StrategyRow>,
    /// The side the player chose, while the start position is being drawn.
    pending_human: Option<Side>,
    seed: u64,
}

/// A board's figures, with what the solve cost in this browser.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub summary: KrkSummary,
    pub millis: f64,
    pub memory_bytes: u64,
}

/// A game against perfect play.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub human: Side,
    pub position: Position,
    /// `None` while the worker looks the position up.
    pub value: Option<Value>,
    /// Every legal move with its result, best first.
    pub moves: Vec<ScoredMove>,
    pub history: Vec<String>,
    pub selected: Option<BoardSquare>,
    pub over: Option<String>,
}

pub enum KrkAction {
    SetSize(u32),
    Solve,
    NewGame(Side),
    Play(ScoredMove),
    SetGrowthMax(u32),
    Strategy,
    Growth,
    ClickSquare(BoardSquare),
    Worker(ClientEvent<KrkAnswer>),
}

impl KrkState {
    pub fn new() -> KrkState {
        KrkState {
            size: 8,
            job: JobSlot::default(),
            solved: None,
            game: None,
            pending_human: None,
            growth: None,
            growth_max: 12,
            strategy: None,
            seed: 1,
        }
    }

    /// The board the strategy is played out on: the chosen one, within the
    /// boards it is offered on.
    pub fn strategy_size(&self) -> u32 {
        self.size
            .clamp(MIN_KRK_STRATEGY_SIZE, MAX_KRK_STRATEGY_SIZE)
    }

    fn play(&mut self, chosen: ScoredMove) {
        let size = self.size;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        game.history.push(chosen.mv.to_string());
        game.selected = None;
        match chosen.after {
            Some(after) => {
                game.position = after;
                game.moves.clear();
                game.value = None;
                self.job.start(KrkJob::Explore {
                    size,
                    position: after,
                });
            }
            None => {
                game.moves.clear();
                game.over = Some("The black king took the rook: a draw.".into());
            }
        }
    }

    fn click(&mut self, square: BoardSquare) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.position.to_move != game.human || game.over.is_some() {
            return;
        }
        let moves = &game.moves;
        let picked = pick_move(
            &mut game.selected,
            square,
            |at| moves.iter().any(|m| on_board(m.mv.from) == at),
            |from, to| {
                moves
                    .iter()
                    .any(|m| (on_board(m.mv.from), on_board(m.mv.to)) == (from, to))
            },
        );
        if let Some((from, to)) = picked {
            let chosen = moves
                .iter()
                .find(|m| (on_board(m.mv.from), on_board(m.mv.to)) == (from, to))
                .copied();
            if let Some(m) = chosen {
                self.play(m);
            }
        }
    }

    fn finished(&mut self, done: Finished<KrkAnswer>) {
        match done.answer {
            KrkAnswer::Growth(rows) => self.growth = Some(rows),
            KrkAnswer::Strategy(row) => self.strategy = Some(row),
            KrkAnswer::Solved(summary) => {
                self.solved = Some(Solved {
                    summary,
                    millis: done.millis,
                    memory_bytes: done.memory_bytes,
                })
            }
            KrkAnswer::Random(position) => {
                let human = self.pending_human.take().unwrap_or(Side::White);
                self.game = Some(Game {
                    human,
                    position,
                    value: None,
                    moves: Vec::new(),
                    history: Vec::new(),
                    selected: None,
                    over: None,
                });
                self.job.start(KrkJob::Explore {
                    size: self.size,
                    position,
                });
            }
            KrkAnswer::Explored {
                position,
                value,
                moves,
            } => {
                let mut computer_move = None;
                if let Some(game) = self.game.as_mut() {
                    game.position = position;
                    game.value = Some(value);
                    game.moves = moves;
                    if game.moves.is_empty() {
                        game.over = Some(match value {
                            Value::WhiteWins { moves: 0 } => "Checkmate: White wins.".into(),
                            Value::Stalemate => "Stalemate: a draw.".into(),
                            other => format!("Game over: {other}."),
                        });
                    } else if position.to_move != game.human {
                        computer_move = game.moves.first().copied();
                    }
                }
                if let Some(best) = computer_move {
                    self.play(best);
                }
            }
        }
    }
}

impl Default for KrkState {
    fn default() -> Self {
        KrkState::new()
    }
}

impl KrkState {
    /// The state after `action` (in the page, yew's `Reducible` forwards here).
    pub fn reduce(self: Rc<Self>, action: KrkAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            KrkAction::SetSize(size) => {
                if size != s.size {
                    s.size = size;
                    s.solved = None;
                    s.game = None;
                }
            }
            KrkAction::Solve => s.job.start(KrkJob::Solve { size: s.size }),
            KrkAction::NewGame(human) => {
                s.seed = s
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                s.game = None;
                s.pending_human = Some(human);
                // The rook side moves first in a fresh game.
                s.job.start(KrkJob::Random {
                    size: s.size,
                    side: Side::White,
                    seed: s.seed,
                    won_only: true,
                });
            }
            KrkAction::Play(chosen) => s.play(chosen),
            KrkAction::SetGrowthMax(max) => s.growth_max = max,
            KrkAction::Strategy => s.job.start(KrkJob::Strategy {
                size: s.strategy_size(),
                stride: 1,
                exhaustive: true,
            }),
            KrkAction::Growth => s.job.start(KrkJob::Growth {
                max_size: s.growth_max,
            }),
            KrkAction::ClickSquare(square) => s.click(square),
            KrkAction::Worker(event) => {
                if let Some(done) = s.job.receive(event) {
                    s.finished(done);
                }
            }
        }
        Rc::new(s)
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for KrkState {
    type Action = KrkAction;

    fn reduce(self: Rc<Self>, action: KrkAction) -> Rc<Self> {
        KrkState::reduce(self, action)
    }
}

/// The position drawn before a game starts: the end-game set-up of the
/// engine's KRK variant (king a1, rook b1, the lone king in the far corner).
pub fn setup_position(size: u32) -> Option<Position> {
    let n = size as usize;
    Some(Position {
        white_king: Square::new(0, 0)?,
        white_rook: Square::new(1, 0)?,
        black_king: Square::new(n.checked_sub(1)?, n.checked_sub(1)?)?,
        to_move: Side::White,
    })
}

/// A solver square as the board names it.
pub fn on_board(sq: Square) -> BoardSquare {
    BoardSquare {
        file: sq.file() as u8,
        rank: sq.rank() as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::krk::{run, MAX_KRK_SIZE};

    #[test]
    fn every_board_shows_a_set_up_before_a_game() {
        assert_eq!(setup_position(8).unwrap().to_string(), "Ka1 Rb1 kh8 w");
        for n in fogbound_solvers::krk::MIN_SIZE as u32..=MAX_KRK_SIZE {
            let p = setup_position(n).unwrap();
            let on = |sq: Square| sq.is_on(n as usize);
            assert!(
                on(p.white_king) && on(p.white_rook) && on(p.black_king),
                "{n}"
            );
            // The kings stand apart and the rook does not attack the lone king.
            assert!(p.black_king.file() > 1 && p.black_king.rank() > 1, "{n}");
        }
    }

    /// Runs the job the state asked for natively, as the worker would.
    fn answer(
        state: Rc<KrkState>,
        kept: &mut Option<fogbound_solvers::krk::KrkTable>,
    ) -> Rc<KrkState> {
        let job = state.job.next_job().expect("a job was asked for");
        let event = ClientEvent::of(run(&job, kept, &mut |_, _, _| {}));
        state.reduce(KrkAction::Worker(event))
    }

    #[test]
    fn the_computer_answers_the_persons_move_with_perfect_play() {
        let mut kept = None;
        let s = Rc::new(KrkState::new()).reduce(KrkAction::SetSize(5));
        let s = s.reduce(KrkAction::NewGame(Side::Black));
        let s = answer(s, &mut kept); // the start drawn
        let s = answer(s, &mut kept); // its moves; the computer plays the best
        let game = s.game.as_ref().unwrap();
        assert_eq!(game.history.len(), 1, "the rook side moved first");
        let s = answer(s, &mut kept); // the person's moves looked up
        let game = s.game.as_ref().unwrap();
        assert_eq!(game.position.to_move, Side::Black);
        assert!(game.over.is_some() || !game.moves.is_empty());
        if let Some(reply) = game.moves.first().copied() {
            let s = s.reduce(KrkAction::Play(reply));
            assert_eq!(s.game.as_ref().unwrap().history.len(), 2);
        }
    }
}
