//! The solve page's state: the puzzle the address opened, where the
//! person's solving stands (as the worker last pictured it), the move
//! being picked on the board, and the solver's answer when asked for.
//! One job at a time goes to the worker: the umpire's answer, or the
//! solver.

use std::rc::Rc;

use fogbound_engine::{Attempt, Cell, Color, Role, Square};
use fogbound_puzzles::solver::{ComposerView, CookProgress, Solution, Verdict};
use fogbound_puzzles::umpire::Status;

use super::link::{self, Opened};
use super::store;
use crate::play::input::pick_move;
use crate::worker::puzzle::{
    PuzzleAnswer, PuzzleJob, PuzzleJobs, PuzzleTurn, COMPOSER_NODES, COOKS_NODES, SOLVE_NODES,
};
use crate::worker::slot::JobSlot;
use crate::worker::ClientEvent;
use fogbound_puzzles::umpire::Step;

/// What the job under way is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Waiting {
    #[default]
    Nothing,
    /// The first picture: `saved` steps were sent with it.
    Opening { saved: bool },
    /// The umpire's answer to an attempt.
    Answer,
    /// The solver's key and proof.
    Solver,
    /// The solver's test of every other first move (the key is shown).
    Cooks,
    /// The composer's view (its cook pass first).
    Composer,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolveState {
    /// The puzzle the address opened, or why it did not.
    pub opened: Option<Result<Rc<Opened>, String>>,
    pub turn: Option<Rc<PuzzleTurn>>,
    /// The puzzle cannot be played (impossible, unsupported): why.
    pub unplayable: Option<String>,
    pub selected: Option<Square>,
    /// A pawn move to the last rank waiting for the man it becomes.
    pub promotion: Option<(Square, Square)>,
    /// The attempt the umpire is answering, as typed or picked.
    pub pending: Option<String>,
    /// Something to tell the person (an attempt not taken, progress set
    /// aside).
    pub message: Option<String>,
    /// Show how many placements are left and where.
    pub show_where: bool,
    pub solution: Option<Rc<Solution>>,
    /// The solution's proof file, written by the worker (or why there is
    /// none), when the solution has a tree.
    pub proof: Option<Rc<Result<String, String>>>,
    pub solve_millis: Option<f64>,
    /// Every first move that works (key first), once the cooks pass
    /// decided them all.
    pub cooks: Option<Vec<String>>,
    /// Where the cooks pass stands (the first move being tested, how many
    /// are decided), or stood when it was stopped.
    pub cook_progress: Option<CookProgress>,
    /// The cooks pass was stopped (Stop, or an attempt took the worker):
    /// `cook_progress` says what it had decided.
    pub cooks_stopped: bool,
    /// An attempt, or the composer's view, took the worker from the
    /// cooks pass.
    pub superseded: bool,
    /// The composer's view, once computed.
    pub composer: Option<Rc<ComposerView>>,
    /// The composer's view was stopped before it finished.
    pub composer_stopped: bool,
    /// Show the published solution.
    pub show_published: bool,
    pub job: JobSlot<PuzzleJobs>,
    pub waiting: Waiting,
    /// The umpire judging its last answer again with a longer search, in
    /// a worker of its own, while the person thinks (the board stays
    /// open): a game it proves lost is said lost at once.
    pub judge: JobSlot<PuzzleJobs>,
    /// Counts the times the judging under way was abandoned (an attempt,
    /// Retry): the page stops its worker on each.
    pub judge_stops: u64,
}

pub enum SolveAction {
    /// The address's query.
    Open(String),
    Square(Square),
    Promote(Role),
    /// Typed attempt text, or `any?`.
    Try(String),
    Retry,
    ToggleWhere,
    Solve,
    /// Compute the composer's view of the solved puzzle.
    Compose,
    ShowPublished,
    Worker(ClientEvent<PuzzleAnswer>),
    /// News from the judging worker.
    Judged(ClientEvent<PuzzleAnswer>),
    /// The person pressed Stop.
    Stopped,
}

impl SolveState {
    fn puzzle_json(&self) -> Option<String> {
        match &self.opened {
            Some(Ok(o)) => Some(o.puzzle.to_json()),
            _ => None,
        }
    }

    /// The puzzle's identity in this browser's storage.
    fn identity(&self) -> Option<String> {
        match &self.opened {
            Some(Ok(o)) => Some(o.identity()),
            _ => None,
        }
    }

    /// Whether the person may act on the board now.
    pub fn playing(&self) -> bool {
        // The cooks pass gives way to the person's next attempt.
        (!self.job.busy() || self.waiting == Waiting::Cooks)
            && self
                .turn
                .as_ref()
                .is_some_and(|t| t.status == Status::Playing)
    }

    fn ask(&mut self, steps: Vec<fogbound_puzzles::umpire::Step>, attempt: Option<String>) {
        let Some(puzzle) = self.puzzle_json() else {
            return;
        };
        self.waiting = match attempt {
            None => Waiting::Opening {
                saved: !steps.is_empty(),
            },
            Some(_) => Waiting::Answer,
        };
        self.pending = attempt.clone();
        self.job.start(PuzzleJob::Turn {
            puzzle,
            steps,
            attempt,
        });
    }

    fn attempt(&mut self, text: String) {
        if !self.playing() {
            return;
        }
        self.stop_judging();
        let steps = self
            .turn
            .as_ref()
            .map(|t| t.steps.clone())
            .unwrap_or_default();
        self.message = None;
        self.selected = None;
        self.promotion = None;
        // Starting the answer's job abandons the cooks pass; the worker's
        // "cancelled" for it is then no news.
        self.superseded = self.waiting == Waiting::Cooks;
        self.cooks_stopped |= self.superseded;
        self.ask(steps, Some(text));
    }

    fn click(&mut self, sq: Square) {
        if !self.playing() {
            return;
        }
        let Some(turn) = self.turn.clone() else {
            return;
        };
        let obs = &turn.observation;
        let own = |s: Square| matches!(obs.cell(s), Cell::Man(p) if p.color == obs.player);
        self.promotion = None;
        let Some((from, to)) = pick_move(&mut self.selected, sq, own, |f, t| obs.may_try(f, t))
        else {
            return;
        };
        let pawn = matches!(obs.cell(from), Cell::Man(p) if p.role == Role::Pawn);
        let last = to.index() / usize::from(obs.width) == usize::from(obs.height) - 1;
        if pawn && last && obs.player == Color::White {
            self.promotion = Some((from, to));
        } else {
            self.attempt(square_text(from, to, None));
        }
    }

    /// A White pawn's move to the last rank typed without the new man
    /// (`h8`, `h7h8`, `gxh8`), read on White's own picture: its squares.
    fn unnamed_promotion(&self, text: &str) -> Option<(Square, Square)> {
        if !self.playing() {
            return None;
        }
        let obs = &self.turn.as_ref()?.observation;
        let picture = obs.as_position::<fogbound_engine::Bitboard64>()?;
        let Ok(Attempt::Move(m)) = fogbound_engine::read_attempt(&picture, text) else {
            return None;
        };
        let pawn = matches!(obs.cell(m.from), Cell::Man(p) if p.role == Role::Pawn);
        let last = m.to.index() / usize::from(obs.width) == usize::from(obs.height) - 1;
        (pawn && last && m.promotion.is_none() && obs.may_try(m.from, m.to))
            .then_some((m.from, m.to))
    }

    /// Asks the umpire to judge `turn` again, if the game is on and has
    /// begun. Every way to a new turn (an attempt, Retry, opening) has
    /// stopped the judging already.
    fn judge_again(&mut self, turn: &PuzzleTurn) {
        if turn.status != Status::Playing || turn.steps.is_empty() {
            return;
        }
        if let Some(puzzle) = self.puzzle_json() {
            self.judge.start(PuzzleJob::Judge {
                puzzle,
                steps: turn.steps.clone(),
            });
        }
    }

    fn stop_judging(&mut self) {
        if self.judge.busy() {
            self.judge.receive(ClientEvent::Cancelled);
            self.judge.message = None;
            self.judge_stops += 1;
        }
    }

    /// The judge's picture of the game: taken when it proves lost the game
    /// the person is still looking at.
    fn judged(&mut self, turn: PuzzleTurn) {
        let same = |a: &[Step], b: &[Step]| {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(x, y)| x.attempt == y.attempt && x.answer == y.answer)
        };
        let current = self
            .turn
            .as_ref()
            .is_some_and(|t| t.status == Status::Playing && same(&t.steps, &turn.steps));
        let lost = matches!(turn.status, Status::Lost { .. });
        // Not while the umpire answers or the game is reopened: the board
        // is about to change. The solver or a pass under way does not
        // touch it.
        let answering = matches!(self.waiting, Waiting::Answer | Waiting::Opening { .. });
        if !(current && lost && !answering) {
            return;
        }
        if let Some(code) = self.identity() {
            store::save_steps(&code, &turn.steps);
        }
        self.selected = None;
        self.promotion = None;
        self.turn = Some(Rc::new(turn));
    }

    /// Forgets what the cooks pass and the composer's view said, before a
    /// job that answers them again.
    fn forget_passes(&mut self) {
        self.cook_progress = None;
        self.cooks_stopped = false;
        self.composer = None;
        self.composer_stopped = false;
    }

    fn finished(&mut self, answer: PuzzleAnswer, millis: f64) {
        match answer {
            PuzzleAnswer::Turn(turn) => {
                if let Some(code) = self.identity() {
                    store::save_steps(&code, &turn.steps);
                    if matches!(turn.status, Status::Solved { .. }) {
                        store::mark_solved(&code);
                    }
                }
                self.judge_again(&turn);
                self.turn = Some(Rc::from(turn));
                self.unplayable = None;
            }
            PuzzleAnswer::Solved {
                solution: found, ..
            } if self.waiting == Waiting::Composer => {
                // Its cook pass answers the cooks line too.
                self.cooks = found.cooks_complete.then(|| found.keys.clone());
                self.cooks_stopped = false;
                self.composer = found.composer.map(Rc::new);
            }
            PuzzleAnswer::Solved {
                solution: found, ..
            } if self.waiting == Waiting::Cooks => {
                // The cooks pass: its keys, if it decided every first move,
                // beside the proof already shown.
                self.cooks = found.cooks_complete.then_some(found.keys);
                self.cook_progress = None;
            }
            PuzzleAnswer::Solved { solution, proof } => {
                let solved = solution.verdict == Verdict::Solved;
                self.solution = Some(Rc::from(solution));
                self.proof = proof.map(Rc::new);
                self.solve_millis = Some(millis);
                if let (true, Some(puzzle)) = (solved, self.puzzle_json()) {
                    // Now whether any other first move works too.
                    self.waiting = Waiting::Cooks;
                    self.job.start(PuzzleJob::Solve {
                        puzzle,
                        max_nodes: COOKS_NODES,
                        cooks: true,
                    });
                    return;
                }
            }
        }
        self.pending = None;
        self.waiting = Waiting::Nothing;
    }

    fn failed(&mut self, message: String) {
        match self.waiting {
            Waiting::Opening { saved: true } => {
                // The saved steps do not fit (an older build, a damaged
                // save): start afresh and say so.
                if let Some(code) = self.identity() {
                    store::save_steps(&code, &[]);
                }
                self.ask(Vec::new(), None);
                self.message = Some(format!(
                    "Your saved progress on this puzzle could not be used ({message}); it starts afresh."
                ));
                return;
            }
            Waiting::Opening { saved: false } => {
                self.unplayable = Some(message);
            }
            Waiting::Cooks | Waiting::Composer => {
                self.message = Some(message);
                self.cook_progress = None;
            }
            Waiting::Answer | Waiting::Solver | Waiting::Nothing => {
                self.message = Some(message);
            }
        }
        self.pending = None;
        self.waiting = Waiting::Nothing;
    }
}

/// `e7e8q`-style attempt text.
pub fn square_text(from: Square, to: Square, promotion: Option<Role>) -> String {
    let g = fogbound_engine::Geometry::CHESS;
    let mut s = g.square_name(from) + &g.square_name(to);
    if let Some(r) = promotion {
        s.push(r.lower_char());
    }
    s
}

impl SolveState {
    /// The state after `action` (in the page, yew's `Reducible` forwards here).
    pub fn reduce(self: Rc<Self>, action: SolveAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        s.judge.sent();
        match action {
            SolveAction::Open(query) => {
                let judge_stops = s.judge_stops + u64::from(s.judge.busy());
                s = SolveState {
                    judge_stops,
                    ..SolveState::default()
                };
                match link::open(&query) {
                    Ok(opened) => {
                        let steps = store::steps(&opened.identity());
                        s.opened = Some(Ok(Rc::new(opened)));
                        s.ask(steps, None);
                    }
                    Err(e) => s.opened = Some(Err(e)),
                }
            }
            SolveAction::Square(sq) => s.click(sq),
            SolveAction::Promote(role) => {
                if let Some((from, to)) = s.promotion.take() {
                    s.attempt(square_text(from, to, Some(role)));
                }
            }
            SolveAction::Try(text) => {
                let text = text.trim().to_string();
                if let Some(squares) = s.unnamed_promotion(&text) {
                    // `h8` with a pawn on h7: ask for the man, as a click does.
                    s.message = None;
                    s.selected = None;
                    s.promotion = Some(squares);
                } else if !text.is_empty() {
                    s.attempt(text);
                }
            }
            SolveAction::Retry => {
                if !s.job.busy() {
                    if let Some(code) = s.identity() {
                        store::save_steps(&code, &[]);
                    }
                    s.selected = None;
                    s.promotion = None;
                    s.message = None;
                    s.stop_judging();
                    s.ask(Vec::new(), None);
                }
            }
            SolveAction::ToggleWhere => s.show_where = !s.show_where,
            SolveAction::Solve => {
                if let (false, Some(puzzle)) = (s.job.busy(), s.puzzle_json()) {
                    s.waiting = Waiting::Solver;
                    s.solution = None;
                    s.proof = None;
                    s.cooks = None;
                    s.forget_passes();
                    s.job.start(PuzzleJob::Solve {
                        puzzle,
                        max_nodes: SOLVE_NODES,
                        cooks: false,
                    });
                }
            }
            SolveAction::Compose => {
                let solved = s
                    .solution
                    .as_ref()
                    .is_some_and(|sol| sol.verdict == Verdict::Solved);
                let free = !s.job.busy() || s.waiting == Waiting::Cooks;
                if let (true, true, Some(puzzle)) = (solved, free, s.puzzle_json()) {
                    // It runs the cook pass itself: one that was under
                    // way gives way, its "cancelled" no news.
                    s.superseded = s.waiting == Waiting::Cooks;
                    s.waiting = Waiting::Composer;
                    s.forget_passes();
                    s.job.start(PuzzleJob::Compose {
                        puzzle,
                        max_nodes: COMPOSER_NODES,
                    });
                }
            }
            SolveAction::ShowPublished => s.show_published = !s.show_published,
            SolveAction::Judged(event) => {
                if let Some(done) = s.judge.receive(event) {
                    if let PuzzleAnswer::Turn(turn) = done.answer {
                        s.judged(*turn);
                    }
                }
                // A judging that failed or was stopped leaves the game as
                // the umpire's answer left it.
                s.judge.message = None;
            }
            SolveAction::Worker(ClientEvent::Cancelled) if s.superseded => {
                s.superseded = false;
            }
            SolveAction::Worker(event) => {
                if let (
                    Waiting::Cooks | Waiting::Composer,
                    ClientEvent::Progress { pass, done, total },
                ) = (s.waiting, &event)
                {
                    if let Some(p) = CookProgress::from_report(pass, *done, *total) {
                        s.cook_progress = Some(p);
                    }
                }
                let failed = match &event {
                    ClientEvent::Failed(m) => Some(m.clone()),
                    _ => None,
                };
                if let Some(done) = s.job.receive(event) {
                    s.finished(done.answer, done.millis);
                } else if let Some(message) = failed {
                    s.job.message = None;
                    s.failed(message);
                }
            }
            SolveAction::Stopped => {
                s.job.receive(ClientEvent::Cancelled);
                s.job.message = None;
                s.message = match s.waiting {
                    // What the cooks pass decided stays beside the key.
                    Waiting::Cooks => {
                        s.cooks_stopped = true;
                        None
                    }
                    Waiting::Composer => {
                        s.cooks_stopped = true;
                        s.composer_stopped = true;
                        None
                    }
                    Waiting::Solver => Some("The solver was stopped.".into()),
                    _ => Some("The umpire was stopped before it answered; try again.".into()),
                };
                s.pending = None;
                s.waiting = Waiting::Nothing;
            }
        }
        Rc::new(s)
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for SolveState {
    type Action = SolveAction;

    fn reduce(self: Rc<Self>, action: SolveAction) -> Rc<Self> {
        SolveState::reduce(self, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::puzzle::turn;

    fn opened(s: &SolveState) -> Rc<SolveState> {
        Rc::new(s.clone())
    }

    /// Runs the job the state asked for natively, as the worker would.
    fn run(state: Rc<SolveState>) -> Rc<SolveState> {
        let Some(PuzzleJob::Turn {
            puzzle,
            steps,
            attempt,
        }) = state.job.next_job()
        else {
            panic!("no puzzle turn was asked for");
        };
        let answer = turn(&puzzle, &steps, attempt.as_deref(), &mut |_, _, _| {});
        let event = ClientEvent::of(answer.map(|t| PuzzleAnswer::Turn(Box::new(t))));
        state.reduce(SolveAction::Worker(event))
    }

    fn sq(name: &str) -> Square {
        fogbound_engine::Geometry::CHESS.parse_square(name).unwrap()
    }

    #[test]
    fn a_promotion_waits_for_the_man_then_the_umpire_answers() {
        let s = opened(&SolveState::default())
            .reduce(SolveAction::Open("id=speckmann-dsz-1975".into()));
        let s = run(s);
        assert!(s.playing());
        let s = s.reduce(SolveAction::Square(sq("g7")));
        assert_eq!(s.selected, Some(sq("g7")));
        let s = s.reduce(SolveAction::Square(sq("g8")));
        assert_eq!(s.promotion, Some((sq("g7"), sq("g8"))));
        let s = s.reduce(SolveAction::Promote(Role::Queen));
        assert_eq!(s.pending.as_deref(), Some("g7g8q"));
        assert!(!s.playing());
        let s = run(s);
        let turn = s.turn.as_ref().unwrap();
        assert_eq!(turn.told[0].attempt, "g8=Q");
        assert_eq!(turn.moves_left, 1);
    }

    /// After each answer the umpire judges the game again in a worker of
    /// its own; the board stays open meanwhile. Its picture is taken only
    /// when it says lost the game still on the board, and a new attempt
    /// stops it. (The judge's answer is made here by replaying the steps
    /// with the last one marked lost: what is tested is the page's
    /// bookkeeping; the umpire's umpire.rs test proves a real 1.Ke1 lost.)
    #[test]
    fn the_umpires_second_look_says_a_lost_game_at_once_and_gives_way_to_an_attempt() {
        let s = opened(&SolveState::default())
            .reduce(SolveAction::Open("id=speckmann-dsz-1975".into()));
        let s = run(s);
        assert!(!s.judge.busy(), "nothing to judge before the first attempt");
        let s = run(s.reduce(SolveAction::Try("g8=Q".into())));
        let Some(PuzzleJob::Judge { puzzle, steps }) = s.judge.next_job() else {
            panic!("the answer is judged again");
        };
        assert_eq!(steps, s.turn.as_ref().unwrap().steps);
        assert!(s.playing(), "the board stays open while the umpire judges");
        let mut lost_steps = steps.clone();
        lost_steps.last_mut().unwrap().lost = true;
        let lost = turn(&puzzle, &lost_steps, None, &mut |_, _, _| {}).unwrap();
        assert_eq!(lost.status, Status::Lost { moves_left: 1 });
        let done = |t: &PuzzleTurn| {
            SolveAction::Judged(ClientEvent::of(Ok(PuzzleAnswer::Turn(Box::new(t.clone())))))
        };
        // A judgement of another game (here: before the first attempt) is
        // no news.
        let other = turn(&puzzle, &[], None, &mut |_, _, _| {}).unwrap();
        let kept = s.clone().reduce(done(&other));
        assert_eq!(kept.turn.as_ref().unwrap().status, Status::Playing);
        assert!(!kept.judge.busy());
        // Its own game proved lost: said at once.
        let judged = s.clone().reduce(done(&lost));
        assert_eq!(
            judged.turn.as_ref().unwrap().status,
            Status::Lost { moves_left: 1 }
        );
        assert!(!judged.playing());
        // An attempt first: the judging stops, and a late answer is no news.
        let stops = s.judge_stops;
        let moved = s.reduce(SolveAction::Try("Kb1".into()));
        assert_eq!(moved.judge_stops, stops + 1);
        assert!(!moved.judge.busy());
        let late = moved.reduce(done(&lost));
        assert_eq!(late.turn.as_ref().unwrap().status, Status::Playing);
    }

    #[test]
    fn a_promotion_typed_without_the_man_asks_for_it() {
        let s = opened(&SolveState::default())
            .reduce(SolveAction::Open("id=speckmann-dsz-1975".into()));
        let s = run(s);
        for text in ["g8", "g7g8"] {
            let asked = s.clone().reduce(SolveAction::Try(text.into()));
            assert_eq!(asked.promotion, Some((sq("g7"), sq("g8"))), "{text}");
            assert!(asked.pending.is_none(), "{text}: nothing sent yet");
        }
        let s = s.reduce(SolveAction::Try("g8".into()));
        let s = run(s.reduce(SolveAction::Promote(Role::Queen)));
        assert_eq!(s.turn.as_ref().unwrap().told[0].attempt, "g8=Q");
    }

    #[test]
    fn a_bad_link_and_an_attempt_not_taken_give_messages() {
        let s = opened(&SolveState::default()).reduce(SolveAction::Open("id=nope".into()));
        assert!(matches!(&s.opened, Some(Err(e)) if e.contains("nope")));
        let s = opened(&SolveState::default())
            .reduce(SolveAction::Open("id=speckmann-dsz-1975".into()));
        let s = run(s).reduce(SolveAction::Try("Qh8".into()));
        let s = run(s);
        assert_eq!(
            s.message.as_deref(),
            Some("'Qh8' is impossible on White's board: you have no queen")
        );
        assert!(s.playing());
    }

    /// A state whose cooks pass is under way on the Speckmann mate in 2.
    fn cooking() -> SolveState {
        let mut s = SolveState::default();
        s.waiting = Waiting::Cooks;
        s.job.start(PuzzleJob::Solve {
            puzzle: "{}".into(),
            max_nodes: COOKS_NODES,
            cooks: true,
        });
        s
    }

    fn heard(s: SolveState, p: &CookProgress) -> Rc<SolveState> {
        Rc::new(s).reduce(SolveAction::Worker(ClientEvent::Progress {
            pass: p.words(),
            done: p.decided,
            total: p.others,
        }))
    }

    #[test]
    fn the_cooks_pass_shows_its_progress_and_a_stop_keeps_what_it_decided() {
        let p = CookProgress {
            testing: "Ke1".into(),
            decided: 28,
            others: 35,
            also_mating: Vec::new(),
        };
        let s = heard(cooking(), &p);
        assert_eq!(s.cook_progress.as_ref(), Some(&p));
        assert!(s.job.busy());
        // Node counts of the key's search are not the cook pass's.
        let s = s.reduce(SolveAction::Worker(ClientEvent::Progress {
            pass: "looking for the key".into(),
            done: 4096,
            total: COOKS_NODES,
        }));
        assert_eq!(s.cook_progress.as_ref(), Some(&p));
        let s = s.reduce(SolveAction::Stopped);
        assert!(!s.job.busy(), "the progress ends with the stop");
        assert!(s.cooks_stopped);
        assert_eq!(s.cook_progress.as_ref(), Some(&p));
        assert_eq!(s.waiting, Waiting::Nothing);
        assert!(s.message.is_none());
    }

    #[test]
    fn the_cooks_pass_ends_its_progress_when_it_finishes_or_fails() {
        let p = CookProgress {
            testing: "Ke2".into(),
            decided: 34,
            others: 35,
            also_mating: Vec::new(),
        };
        let found = Solution {
            verdict: Verdict::Solved,
            first_move: Some("Rg2".into()),
            first_coord: Some("a2g2".into()),
            keys: vec!["Rg2".into()],
            cooks_complete: true,
            moves: Some(8),
            placements: 30,
            stats: Default::default(),
            tree: None,
            tree_cut: false,
            composer: None,
        };
        let s = heard(cooking(), &p).reduce(SolveAction::Worker(ClientEvent::Done {
            answer: PuzzleAnswer::Solved {
                solution: Box::new(found),
                proof: None,
            },
            millis: 1.0,
            memory_bytes: 0,
        }));
        assert!(!s.job.busy());
        assert_eq!(s.cooks.as_deref(), Some(&["Rg2".to_string()][..]));
        assert!(s.cook_progress.is_none() && !s.cooks_stopped);
        let s = heard(cooking(), &p).reduce(SolveAction::Worker(ClientEvent::Failed(
            "out of memory".into(),
        )));
        assert!(!s.job.busy());
        assert!(s.cook_progress.is_none());
        assert_eq!(s.message.as_deref(), Some("out of memory"));
    }

    #[test]
    fn the_composers_view_takes_over_the_cooks_pass_and_answers_both() {
        let mut s = cooking();
        s.opened = Some(link::open("id=speckmann-dsz-1975").map(Rc::new));
        s.solution = Some(Rc::new(
            fogbound_puzzles::solver::solve(
                &s.opened.as_ref().unwrap().as_ref().unwrap().puzzle,
                1_000_000,
            )
            .unwrap(),
        ));
        let s = Rc::new(s).reduce(SolveAction::Compose);
        assert_eq!(s.waiting, Waiting::Composer);
        assert!(s.superseded, "the cooks pass's cancel is no news");
        let Some(PuzzleJob::Compose { puzzle, max_nodes }) = s.job.next_job() else {
            panic!("the composer's view was asked for");
        };
        let found = crate::worker::puzzle::compose(&puzzle, max_nodes, &mut |_, _, _| {}).unwrap();
        let s = s.reduce(SolveAction::Worker(ClientEvent::Done {
            answer: PuzzleAnswer::Solved {
                solution: Box::new(found),
                proof: None,
            },
            millis: 1.0,
            memory_bytes: 0,
        }));
        assert_eq!(s.waiting, Waiting::Nothing);
        assert_eq!(s.cooks.as_deref(), Some(&["g8=Q".to_string()][..]));
        let view = s.composer.as_ref().expect("the view is kept");
        assert_eq!(view.first_moves[0].san, "g8=Q");
        assert!(!s.composer_stopped);
    }
}
