//! The lab page's state: the material, the start being edited, what the
//! worker answered about it, and the line or escape being stepped through.
//! Jobs go to the worker one at a time (a new job would end the running
//! one, and the worker's loaded files with it); later questions wait in a
//! short queue where a newer question of a kind replaces an older one, and
//! a question about the start goes before the figures loading behind it.
//! A failure or a stop is told where its question was asked: the verdict,
//! the line, or the figures.

use std::rc::Rc;

use fogbound_solvers::fog_endgame::line_file;
use fogbound_solvers::fog_endgame::{Material, Reading};

use crate::worker::fog_lab::{LabExplained, LabFigures, LabReply, LabStep, LabVerdict, MIN_SIZE};
use crate::worker::lab::{LabAnswer, LabJob, LabJobs, LabQuestion};
use crate::worker::slot::{Finished, JobSlot};
use crate::worker::ClientEvent;

/// The materials, in the order the page offers them, with White's men
/// besides the king as piece letters.
pub const MATERIALS: [(Material, &str); 7] = [
    (Material::KQ, "Q"),
    (Material::KR, "R"),
    (Material::KRR, "RR"),
    (Material::KBB, "BB"),
    (Material::KBN, "BN"),
    (Material::KB, "B"),
    (Material::KN, "N"),
];

/// The lab's board is 8×8; a square is `rank * 8 + file`.
pub const SIZE: u8 = 8;

pub fn square(file: u8, rank: u8) -> u8 {
    rank * SIZE + file
}

/// `a1`, `h8`.
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % SIZE) as char, sq / SIZE + 1)
}

/// White's men besides the king, as letters (`RR` for K+R+R).
pub fn men_letters(material: Material) -> &'static str {
    MATERIALS
        .iter()
        .find(|(m, _)| *m == material)
        .map_or("", |(_, l)| l)
}

/// A start every material offers at first: the king on e1, the men on the
/// first rank's corners and bishops' squares, the black king on e8.
fn first_start(material: Material) -> (Vec<u8>, u8) {
    let mut men = vec![square(4, 0)];
    for (i, letter) in men_letters(material).chars().enumerate() {
        men.push(match (letter, i) {
            ('B', 0) => square(2, 0),
            ('B', _) => square(5, 0),
            ('N', _) => square(6, 0),
            (_, 0) => square(0, 0),
            _ => square(7, 0),
        });
    }
    (men, square(4, 7))
}

/// `question`, with where the worker finds the files: beside the page
/// (natively, in tests, the folder's name alone).
fn job(question: LabQuestion) -> LabJob {
    #[cfg(target_arch = "wasm32")]
    let files = crate::worker::fog_lab::page_folder();
    #[cfg(not(target_arch = "wasm32"))]
    let files = "endgames/".to_string();
    LabJob { files, question }
}

/// What is being stepped through.
#[derive(Clone, Debug, PartialEq)]
pub enum Walk {
    /// A won start's optimal line; `at` steps shown (0: the start).
    Line { steps: Vec<LabStep>, at: usize },
    /// A lost start: the states so far (White's men, the king's squares)
    /// and Black's answers from the last one.
    Escape {
        path: Vec<(Vec<u8>, u64, String)>,
        answers: Vec<LabReply>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct LabState {
    pub material: Material,
    /// White's men, the king first, then the material's men in order.
    pub men: Vec<u8>,
    pub king: u8,
    /// The man a square click places: an index into `men`, or `men.len()`
    /// for the black king.
    pub tool: usize,
    pub verdict: Option<Result<LabVerdict, String>>,
    pub walk: Option<Walk>,
    pub sighted: Option<Vec<LabFigures>>,
    pub blind: Option<Vec<LabFigures>>,
    /// K+Q, K+R and K+R+R on 4×4 to 7×7, as they arrive.
    pub boards: Vec<LabFigures>,
    /// The blind reading and the smaller boards were asked for (once).
    more_asked: bool,
    pub job: JobSlot<LabJobs>,
    queue: Vec<LabJob>,
    /// Milliseconds the last verdict took in the worker (files included).
    pub verdict_millis: Option<f64>,
    pub walk_millis: Option<f64>,
    /// What the running job asks: its failure goes there.
    running: Option<Asked>,
    /// Why the last line or escape did not come.
    pub explain_error: Option<String>,
    /// Why some figures did not come.
    pub figures_error: Option<String>,
    /// The materials whose lines were all asked for.
    kept: Vec<Material>,
}

/// The kinds of question, as a failure is told.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Asked {
    Figures,
    Verdict,
    Explain,
    /// The rest of a material's lines, fetched behind its first line.
    Keep,
}

impl Asked {
    fn of(question: &LabQuestion) -> Asked {
        match question {
            LabQuestion::Figures { .. } => Asked::Figures,
            LabQuestion::Verdict { .. } => Asked::Verdict,
            LabQuestion::Explain { .. } => Asked::Explain,
            LabQuestion::Keep { .. } => Asked::Keep,
        }
    }
}

pub enum LabAction {
    Start,
    Material(Material),
    Tool(usize),
    Place(u8),
    Explain,
    Step(usize),
    Answer(usize),
    Back,
    Worker(ClientEvent<LabAnswer>),
}

impl LabState {
    pub fn new() -> LabState {
        let (men, king) = first_start(Material::KR);
        LabState {
            material: Material::KR,
            men,
            king,
            tool: 0,
            verdict: None,
            walk: None,
            sighted: None,
            blind: None,
            boards: Vec::new(),
            more_asked: false,
            job: JobSlot::default(),
            queue: Vec::new(),
            verdict_millis: None,
            walk_millis: None,
            running: None,
            explain_error: None,
            figures_error: None,
            kept: Vec::new(),
        }
    }

    /// The person waits for the running job: a verdict or a line, not
    /// the figures loading behind them.
    pub fn waiting(&self) -> bool {
        self.job.busy() && matches!(self.running, Some(Asked::Verdict | Asked::Explain))
    }

    /// Jobs running or waiting (0: the worker has answered everything
    /// asked, the lines kept behind a first line included).
    pub fn pending(&self) -> usize {
        self.queue.len() + self.job.busy() as usize
    }

    /// What the running job asks.
    pub fn running(&self) -> Option<Asked> {
        self.running.filter(|_| self.job.busy())
    }

    fn start(&mut self, job: LabJob) {
        self.running = Some(Asked::of(&job.question));
        if self.running == Some(Asked::Explain) {
            self.explain_error = None;
        }
        self.job.start(job);
    }

    /// Sends `job` now, or after the running one; a queued question about
    /// the start (a verdict, a line) replaces an older one of its kind.
    fn ask(&mut self, question: LabQuestion) {
        let job = job(question);
        if self.job.busy() {
            if matches!(
                job.question,
                LabQuestion::Figures { .. } | LabQuestion::Keep { .. }
            ) {
                self.queue.push(job);
            } else {
                let kind = std::mem::discriminant(&job.question);
                self.queue
                    .retain(|j| std::mem::discriminant(&j.question) != kind);
                // Before the figures: the person is waiting for this.
                let at = self
                    .queue
                    .iter()
                    .position(|j| {
                        matches!(
                            j.question,
                            LabQuestion::Figures { .. } | LabQuestion::Keep { .. }
                        )
                    })
                    .unwrap_or(self.queue.len());
                self.queue.insert(at, job);
            }
        } else {
            self.start(job);
        }
    }

    fn next_job(&mut self) {
        if !self.queue.is_empty() && !self.job.busy() {
            let job = self.queue.remove(0);
            self.start(job);
        }
    }

    fn ask_verdict(&mut self) {
        self.walk = None;
        self.verdict = None;
        self.ask(LabQuestion::Verdict {
            material: self.material,
            men: self.men.clone(),
            king: self.king,
        });
    }

    fn place(&mut self, sq: u8) {
        let black = self.men.len();
        let current = if self.tool == black {
            self.king
        } else {
            self.men[self.tool]
        };
        if current == sq {
            return;
        }
        // A man already there swaps places with the one being placed.
        if self.king == sq {
            self.king = current;
        } else if let Some(other) = self.men.iter().position(|&m| m == sq) {
            self.men[other] = current;
        }
        if self.tool == black {
            self.king = sq;
        } else {
            self.men[self.tool] = sq;
        }
        self.ask_verdict();
    }

    /// White's men and the king's squares the board shows now.
    pub fn shown(&self) -> (Vec<u8>, u64, Option<u8>) {
        match &self.walk {
            Some(Walk::Line { steps, at }) if *at > 0 => {
                let s = &steps[(*at - 1).min(steps.len() - 1)];
                (s.men.clone(), s.belief, s.seen)
            }
            Some(Walk::Escape { path, .. }) if path.len() > 1 => {
                let (men, set, _) = &path[path.len() - 1];
                (men.clone(), *set, None)
            }
            _ => (self.men.clone(), 1 << self.king, None),
        }
    }

    fn finished(&mut self, done: Finished<LabAnswer>) {
        match done.answer {
            LabAnswer::Figures(rows) => {
                if rows.first().is_some_and(|r| r.size < SIZE) {
                    self.boards.extend(rows);
                } else if self.sighted.is_none() {
                    self.sighted = Some(rows);
                } else {
                    self.blind = Some(rows);
                }
            }
            LabAnswer::Verdict(v) => {
                self.verdict_millis = Some(done.millis);
                self.verdict = Some(Ok(v));
            }
            LabAnswer::Explained(explained) => {
                self.walk_millis = Some(done.millis);
                match (explained, &mut self.walk) {
                    (LabExplained::Escape(answers), Some(Walk::Escape { answers: a, .. })) => {
                        *a = answers
                    }
                    (LabExplained::Escape(answers), _) => {
                        self.walk = Some(Walk::Escape {
                            path: vec![(self.men.clone(), 1 << self.king, String::new())],
                            answers,
                        })
                    }
                    (LabExplained::Line(steps), _) => {
                        self.walk = Some(Walk::Line { steps, at: 0 });
                        // Every other start of this material offline too:
                        // the rest of its lines, behind everything else.
                        if !self.kept.contains(&self.material) {
                            self.kept.push(self.material);
                            for chunk in 0..line_file::chunks(self.material) {
                                self.ask(LabQuestion::Keep {
                                    material: self.material,
                                    chunk,
                                });
                            }
                        }
                    }
                }
            }
            LabAnswer::Kept => {}
        }
    }
}

impl Default for LabState {
    fn default() -> Self {
        LabState::new()
    }
}

impl LabState {
    /// The state after `action` (in the page, yew's `Reducible` forwards here).
    pub fn reduce(self: Rc<Self>, action: LabAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            LabAction::Start => {
                s.ask(LabQuestion::Figures {
                    reading: Reading::Sighted,
                    size: SIZE,
                });
                s.ask_verdict();
            }
            LabAction::Material(m) => {
                if m != s.material {
                    s.material = m;
                    (s.men, s.king) = first_start(m);
                    s.tool = 0;
                    s.ask_verdict();
                }
            }
            LabAction::Tool(t) => s.tool = t.min(s.men.len()),
            LabAction::Place(sq) => {
                if s.walk.is_none() {
                    s.place(sq);
                }
            }
            LabAction::Explain => s.ask(LabQuestion::Explain {
                material: s.material,
                men: s.men.clone(),
                set: 1 << s.king,
            }),
            LabAction::Step(at) => {
                if let Some(Walk::Line { steps, at: now }) = &mut s.walk {
                    *now = at.min(steps.len());
                }
            }
            LabAction::Answer(i) => {
                let material = s.material;
                if let Some(Walk::Escape { path, answers }) = &mut s.walk {
                    if let Some(a) = answers.get(i).filter(|a| a.captures.is_none()) {
                        path.push((a.men.clone(), a.keeps, a.text.clone()));
                        let question = LabQuestion::Explain {
                            material,
                            men: a.men.clone(),
                            set: a.keeps,
                        };
                        answers.clear();
                        s.ask(question);
                    }
                }
            }
            LabAction::Back => match &mut s.walk {
                Some(Walk::Escape { path, answers }) if path.len() > 1 => {
                    path.pop();
                    let (men, set, _) = path[path.len() - 1].clone();
                    answers.clear();
                    let material = s.material;
                    s.ask(LabQuestion::Explain { material, men, set });
                }
                _ => s.walk = None,
            },
            LabAction::Worker(event) => {
                let failed = matches!(event, ClientEvent::Failed(_) | ClientEvent::Cancelled);
                let asked = s.running();
                if let Some(done) = s.job.receive(event) {
                    s.finished(done);
                }
                if failed {
                    let message = s.job.message.clone();
                    match asked {
                        Some(Asked::Figures) => s.figures_error = message,
                        Some(Asked::Explain) => s.explain_error = message,
                        Some(Asked::Keep) => {}
                        _ if s.verdict.is_none() => s.verdict = message.map(Err),
                        _ => {}
                    }
                }
                // The figures page loads behind the first questions: the
                // blind reading, then the smaller boards.
                if s.sighted.is_some() && !s.more_asked && !s.job.busy() && s.queue.is_empty() {
                    s.more_asked = true;
                    s.ask(LabQuestion::Figures {
                        reading: Reading::Blind,
                        size: SIZE,
                    });
                    for size in MIN_SIZE..SIZE {
                        s.ask(LabQuestion::Figures {
                            reading: Reading::Sighted,
                            size,
                        });
                    }
                } else {
                    s.next_job();
                }
            }
        }
        Rc::new(s)
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for LabState {
    type Action = LabAction;

    fn reduce(self: Rc<Self>, action: LabAction) -> Rc<Self> {
        LabState::reduce(self, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_first_start_has_its_material_on_distinct_squares() {
        for (m, letters) in MATERIALS {
            let (men, king) = first_start(m);
            assert_eq!(men.len(), 1 + letters.len(), "{m:?}");
            let mut all = men.clone();
            all.push(king);
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), men.len() + 1, "{m:?}");
        }
        assert_eq!(square_name(square(4, 7)), "e8");
    }

    #[test]
    fn placing_on_a_man_swaps_them_and_asks_again() {
        let mut s = LabState::new();
        s.tool = 1; // the rook, on a1
        s.place(square(4, 0)); // onto the white king
        assert_eq!(s.men, vec![square(0, 0), square(4, 0)]);
        s.tool = 2; // the black king
        s.place(square(7, 7));
        assert_eq!(s.king, square(7, 7));
        assert!(s.job.busy());
    }

    #[test]
    fn questions_wait_for_the_running_job_and_newer_ones_replace_older() {
        let mut s = LabState::new();
        s.ask(LabQuestion::Figures {
            reading: Reading::Sighted,
            size: SIZE,
        });
        s.ask_verdict();
        s.place(square(7, 6));
        assert_eq!(s.queue.len(), 1, "one verdict waits: the newest");
        assert!(
            matches!(&s.queue[0].question, LabQuestion::Verdict { men, .. } if men[0] == square(7, 6))
        );
    }

    fn answer(s: LabState, event: ClientEvent<LabAnswer>) -> LabState {
        (*Rc::new(s).reduce(LabAction::Worker(event))).clone()
    }

    #[test]
    fn a_question_about_the_start_goes_before_the_figures_and_its_failure_is_told_there() {
        let mut s = LabState::new();
        s.ask(LabQuestion::Figures {
            reading: Reading::Sighted,
            size: SIZE,
        });
        for size in MIN_SIZE..SIZE {
            s.ask(LabQuestion::Figures {
                reading: Reading::Sighted,
                size,
            });
        }
        s.explain_error = Some("old".into());
        let s = (*Rc::new(s).reduce(LabAction::Explain)).clone();
        assert!(matches!(s.queue[0].question, LabQuestion::Explain { .. }));
        assert!(!s.waiting(), "the figures run: nobody waits for them");
        // The figures fail (offline): told in the figures, not as the line's.
        let s = answer(
            s,
            ClientEvent::Failed("the figures need the network".into()),
        );
        assert_eq!(
            s.figures_error.as_deref(),
            Some("the figures need the network")
        );
        assert_eq!(
            s.running(),
            Some(Asked::Explain),
            "the line's question runs next"
        );
        assert!(s.waiting());
        assert_eq!(
            s.explain_error, None,
            "a new question clears the old failure"
        );
        // The line fails: its message, and no progress left on screen.
        let s = answer(
            s,
            ClientEvent::Failed("K+R's optimal line needs the network once".into()),
        );
        assert_eq!(
            s.explain_error.as_deref(),
            Some("K+R's optimal line needs the network once")
        );
        assert_eq!(s.running(), Some(Asked::Figures));
        assert!(!s.waiting());
        // A stopped question ends its progress too.
        let s = answer(s, ClientEvent::Cancelled);
        assert_eq!(s.figures_error.as_deref(), Some("Stopped."));
    }
}
