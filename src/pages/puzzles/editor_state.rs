//! The editor's state: the known men on the board, the hidden men and
//! their squares, the stipulation, the rules and the credits; the puzzle
//! they make (read by the engine's own puzzle reader, so the editor and a
//! link accept the same puzzles); the solver's check of it.

use std::rc::Rc;

use fogbound_engine::{Color, Geometry, Piece, Role, Setup, Square};
use fogbound_puzzles::puzzle::{Goal, Hidden, Puzzle, Squares, Stalemate, MAX_MOVES};
use fogbound_puzzles::solver::Solution;

use crate::worker::puzzle::{PuzzleAnswer, PuzzleJob, PuzzleJobs, COOKS_NODES};
use crate::worker::slot::JobSlot;
use crate::worker::ClientEvent;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Puts this man on the square (again: takes it off).
    Man(Piece),
    Erase,
    /// Adds the square to the hidden man's list, or takes it out.
    HiddenSquare(usize),
}

/// One hidden man as the editor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenMan {
    /// The men it may be (Black's, by role).
    pub roles: Vec<Role>,
    /// `dark`, `light`, `any` or `list`.
    pub kind: &'static str,
    pub list: Vec<Square>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EditorState {
    pub board: Vec<Option<Piece>>,
    pub hidden: Vec<HiddenMan>,
    pub goal: Goal,
    pub moves: u32,
    /// A preset id, or `fog` for a Fog of War puzzle.
    pub rules: String,
    pub title: String,
    pub author: String,
    pub source: String,
    pub solution_text: String,
    pub tool: Tool,
    pub job: JobSlot<PuzzleJobs>,
    /// The solver's check of the puzzle as it was when asked.
    pub check: Option<(Rc<Solution>, String)>,
    pub check_millis: Option<f64>,
    /// Why a puzzle link given to the editor could not be read.
    pub load_error: Option<String>,
}

pub enum EditorAction {
    /// Load a puzzle code (`p=` of the address), or start empty.
    Load(String),
    Tool(Tool),
    Click(Square),
    AddHidden,
    RemoveHidden(usize),
    HiddenRole(usize, Role, bool),
    HiddenKind(usize, &'static str),
    Goal(Goal),
    Moves(u32),
    Rules(String),
    Text(&'static str, String),
    /// Takes every man off the board; the hidden men too when `hidden`.
    Clear {
        hidden: bool,
    },
    Check,
    Worker(ClientEvent<PuzzleAnswer>),
}

const G: Geometry = Geometry::CHESS;

impl Default for EditorState {
    /// A first position to change: a rook's mate in 1, which a bishop
    /// hidden on g2 (not on c1) refutes.
    fn default() -> Self {
        let mut s = EditorState {
            board: vec![None; 64],
            hidden: vec![HiddenMan {
                roles: vec![Role::Bishop],
                kind: "list",
                list: vec![sq("c1"), sq("g2")],
            }],
            goal: Goal::Mate,
            moves: 1,
            rules: "english".into(),
            title: String::new(),
            author: String::new(),
            source: String::new(),
            solution_text: String::new(),
            tool: Tool::Man(Piece {
                color: Color::White,
                role: Role::Rook,
            }),
            job: JobSlot::default(),
            check: None,
            check_millis: None,
            load_error: None,
        };
        for (name, color, role) in [
            ("g8", Color::Black, Role::King),
            ("g6", Color::White, Role::King),
            ("a1", Color::White, Role::Rook),
        ] {
            s.board[sq(name).index()] = Some(Piece { color, role });
        }
        s
    }
}

fn sq(name: &str) -> Square {
    G.parse_square(name).unwrap_or(Square(0))
}

impl EditorState {
    /// The editor holding `puzzle`.
    pub fn of(puzzle: &Puzzle) -> EditorState {
        let mut s = EditorState {
            hidden: Vec::new(),
            ..EditorState::default()
        };
        if let Ok(setup) = Setup::from_fen(&puzzle.fen) {
            if setup.geometry == G {
                s.board = setup.board;
            }
        }
        s.hidden = puzzle
            .hidden
            .iter()
            .map(|h| HiddenMan {
                roles: h.pieces.iter().map(|p| p.role).collect(),
                kind: match &h.squares {
                    Squares::Dark => "dark",
                    Squares::Light => "light",
                    Squares::Any => "any",
                    Squares::List(_) => "list",
                },
                list: match &h.squares {
                    Squares::List(l) => l.clone(),
                    _ => Vec::new(),
                },
            })
            .collect();
        s.goal = puzzle.goal;
        s.moves = puzzle.moves;
        s.rules = puzzle.rules.clone();
        s.title = puzzle.title.clone().unwrap_or_default();
        s.author = puzzle.author.clone().unwrap_or_default();
        s.source = puzzle.source.clone().unwrap_or_default();
        s.solution_text = puzzle.solution.clone().unwrap_or_default();
        s
    }

    /// The known men as a FEN, White to move.
    pub fn fen(&self) -> String {
        let setup = Setup {
            geometry: G,
            board: self.board.clone(),
            turn: Color::White,
            castling: Vec::new(),
            en_passant: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        setup.to_fen()
    }

    /// The puzzle as composed, before the engine's checks.
    fn composed(&self) -> Puzzle {
        let text = |t: &str| (!t.trim().is_empty()).then(|| t.trim().to_string());
        Puzzle {
            fen: self.fen(),
            hidden: self
                .hidden
                .iter()
                .map(|h| Hidden {
                    pieces: h
                        .roles
                        .iter()
                        .map(|&role| Piece {
                            color: Color::Black,
                            role,
                        })
                        .collect(),
                    squares: match h.kind {
                        "dark" => Squares::Dark,
                        "light" => Squares::Light,
                        "any" => Squares::Any,
                        _ => Squares::List(h.list.clone()),
                    },
                })
                .collect(),
            goal: self.goal,
            moves: self.moves,
            rules: if self.goal == Goal::Mate {
                self.rules.clone()
            } else {
                "fog".into()
            },
            stalemate: Stalemate::Fail,
            title: text(&self.title),
            author: text(&self.author),
            source: text(&self.source),
            solution: text(&self.solution_text),
        }
    }

    /// The puzzle's JSON, as a file or a link would give it.
    pub fn json(&self) -> String {
        self.composed().to_json()
    }

    /// The puzzle, with its placements counted, or what is wrong with it.
    pub fn puzzle(&self) -> Result<(Puzzle, usize), String> {
        let p = Puzzle::from_json(&self.json()).map_err(|e| e.to_string())?;
        let n = p.placements().map_err(|e| e.to_string())?.len();
        Ok((p, n))
    }

    /// What the valid puzzle is, in a sentence: a fog puzzle with its
    /// placements, or, with nothing hidden (or hidden men that can stand in
    /// one way only), an ordinary problem played in the dark. The editor
    /// accepts those: White still sees only its own men and the umpire
    /// still picks Black's replies, so a problem sound on the open board
    /// can fail here (the collection's Speckmann mate in 2 is one such
    /// problem that stays sound).
    pub fn kind_words(&self, placements: usize) -> String {
        let dark = if self.goal == Goal::Mate {
            "under the umpire"
        } else {
            "in Fog of War"
        };
        if self.hidden.is_empty() {
            format!(
                "A valid puzzle with nothing hidden: an ordinary problem played {dark}. White knows where \
                 Black's men start but sees only its own men, so Black's replies stay unseen; it is \
                 published as that."
            )
        } else if placements == 1 {
            format!(
                "A valid puzzle, but the hidden men can stand in 1 way only: White knows where they are, \
                 so it is an ordinary problem played {dark}, with Black's replies unseen."
            )
        } else {
            format!("A valid fog puzzle: the hidden men can stand in {placements} ways.")
        }
    }

    fn click(&mut self, square: Square) {
        let i = square.index();
        match self.tool {
            Tool::Man(piece) => {
                self.board[i] = if self.board[i] == Some(piece) {
                    None
                } else {
                    Some(piece)
                };
            }
            Tool::Erase => self.board[i] = None,
            Tool::HiddenSquare(h) => {
                if let Some(man) = self.hidden.get_mut(h) {
                    man.kind = "list";
                    match man.list.iter().position(|&s| s == square) {
                        Some(at) => {
                            man.list.remove(at);
                        }
                        None => man.list.push(square),
                    }
                }
            }
        }
    }
}

impl EditorState {
    /// The state after `action` (in the page, yew's `Reducible` forwards here).
    pub fn reduce(self: Rc<Self>, action: EditorAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.job.sent();
        match action {
            EditorAction::Load(code) => {
                s = if code.is_empty() {
                    EditorState::default()
                } else {
                    match Puzzle::from_code(&code) {
                        Ok(p) => EditorState::of(&p),
                        Err(e) => EditorState {
                            load_error: Some(format!(
                                "The puzzle in the link could not be read: {e}."
                            )),
                            ..EditorState::default()
                        },
                    }
                };
            }
            EditorAction::Tool(t) => s.tool = t,
            EditorAction::Click(sq) => s.click(sq),
            EditorAction::AddHidden => {
                s.hidden.push(HiddenMan {
                    roles: vec![Role::Bishop],
                    kind: "dark",
                    list: Vec::new(),
                });
                s.tool = Tool::HiddenSquare(s.hidden.len() - 1);
            }
            EditorAction::RemoveHidden(i) => {
                if i < s.hidden.len() {
                    s.hidden.remove(i);
                    s.tool = Tool::Erase;
                }
            }
            EditorAction::HiddenRole(i, role, on) => {
                if let Some(h) = s.hidden.get_mut(i) {
                    h.roles.retain(|&r| r != role);
                    if on {
                        h.roles.push(role);
                    }
                    if h.roles.is_empty() {
                        h.roles.push(role);
                    }
                }
            }
            EditorAction::HiddenKind(i, kind) => {
                if let Some(h) = s.hidden.get_mut(i) {
                    h.kind = kind;
                    if kind == "list" {
                        s.tool = Tool::HiddenSquare(i);
                    }
                }
            }
            EditorAction::Goal(g) => s.goal = g,
            EditorAction::Moves(m) => s.moves = m.clamp(1, MAX_MOVES),
            EditorAction::Rules(r) => s.rules = r,
            EditorAction::Text(field, value) => match field {
                "title" => s.title = value,
                "author" => s.author = value,
                "source" => s.source = value,
                _ => s.solution_text = value,
            },
            EditorAction::Clear { hidden } => {
                s.board = vec![None; 64];
                if hidden {
                    s.hidden.clear();
                    s.tool = Tool::Erase;
                }
            }
            EditorAction::Check => {
                if !s.job.busy() {
                    if let Ok((p, _)) = s.puzzle() {
                        s.check = None;
                        s.job.start(PuzzleJob::Solve {
                            puzzle: p.to_json(),
                            max_nodes: COOKS_NODES,
                            cooks: true,
                        });
                    }
                }
            }
            EditorAction::Worker(event) => {
                if let Some(done) = s.job.receive(event) {
                    match done.answer {
                        PuzzleAnswer::Solved { solution: sol, .. } => {
                            s.check = Some((Rc::from(sol), s.json()));
                            s.check_millis = Some(done.millis);
                        }
                        // The editor asks the solver only.
                        PuzzleAnswer::Turn(_) => {
                            s.job.message = Some(
                                "The worker answered a question the editor did not ask.".into(),
                            )
                        }
                    }
                }
            }
        }
        Rc::new(s)
    }
}

#[cfg(target_arch = "wasm32")]
impl yew::Reducible for EditorState {
    type Action = EditorAction;

    fn reduce(self: Rc<Self>, action: EditorAction) -> Rc<Self> {
        EditorState::reduce(self, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_puzzle_is_a_valid_one_and_round_trips() {
        let s = EditorState::default();
        let (p, placements) = s.puzzle().unwrap();
        assert_eq!(placements, 2);
        assert_eq!(EditorState::of(&p).json(), s.json());
        let code = p.to_code();
        let back = Rc::new(s).reduce(EditorAction::Load(code));
        assert_eq!(back.puzzle().unwrap().0, p);
    }

    #[test]
    fn clicks_place_men_and_hidden_squares_and_faults_are_said() {
        let s = Rc::new(EditorState::default());
        let s = s.reduce(EditorAction::Tool(Tool::HiddenSquare(0)));
        let s = s.reduce(EditorAction::Click(sq("g2")));
        assert_eq!(s.hidden[0].list, vec![sq("c1")]);
        // With the bishop on c1 alone, 1.Ra8 mates: the solver says so.
        let sol =
            crate::worker::puzzle::solve(&s.json(), 100_000, true, &mut |_, _, _| {}).unwrap();
        assert_eq!(sol.first_move.as_deref(), Some("Ra8"), "{sol:?}");
        let s = s.reduce(EditorAction::Tool(Tool::Erase));
        let s = s.reduce(EditorAction::Click(sq("g8")));
        let e = s.puzzle().unwrap_err();
        assert!(e.contains("impossible") || e.contains("king"), "{e}");
        let s = s.reduce(EditorAction::Load("garbage".into()));
        assert!(s.load_error.is_some());
        assert!(s.puzzle().is_ok());
    }

    #[test]
    fn clearing_keeps_or_clears_the_hidden_men_and_the_puzzle_says_what_it_is() {
        let s = Rc::new(EditorState::default());
        assert!(
            s.kind_words(2).contains("fog puzzle"),
            "{}",
            s.kind_words(2)
        );
        let kept = s.clone().reduce(EditorAction::Clear { hidden: false });
        assert!(kept.board.iter().all(Option::is_none));
        assert_eq!(kept.hidden, s.hidden);
        let none = s.reduce(EditorAction::Clear { hidden: true });
        assert!(none.hidden.is_empty());
        // Nothing hidden: still a puzzle, said to be an ordinary problem.
        let none = none
            .reduce(EditorAction::Tool(Tool::Man(Piece {
                color: Color::Black,
                role: Role::King,
            })))
            .reduce(EditorAction::Click(sq("h8")))
            .reduce(EditorAction::Tool(Tool::Man(Piece {
                color: Color::White,
                role: Role::King,
            })))
            .reduce(EditorAction::Click(sq("f7")))
            .reduce(EditorAction::Tool(Tool::Man(Piece {
                color: Color::White,
                role: Role::Rook,
            })))
            .reduce(EditorAction::Click(sq("a1")));
        let (_, n) = none.puzzle().unwrap();
        assert_eq!(n, 1);
        let words = none.kind_words(n);
        assert!(
            words.contains("nothing hidden") && words.contains("ordinary problem"),
            "{words}"
        );
        assert!(!words.contains("can stand in 1 way"), "{words}");
    }
}
