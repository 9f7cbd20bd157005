//! A person solving a fog puzzle against an umpire that fights back.
//!
//! The umpire never commits to where the hidden men stand. It keeps every
//! game ([`Match`]) consistent with what White has been told so far — at
//! the start one per placement of the hidden men, later one per placement
//! and Black reply — and answers each of White's attempts with the answer
//! that hurts White most: one after which White can no longer force the
//! stipulation in the moves left (decided by the belief-state search,
//! [`Solver::wins`]), a game that ends without White's win first. When no
//! answer refutes the attempt, it picks the one that makes White's win
//! longest. So a person succeeds only with a line that works in every
//! branch; and when they fail, any of the games still kept is a concrete
//! refutation ([`UmpireGame::story`]: "the bishop stood on a1 from the start").
//!
//! Every attempt is judged by the puzzle's own information model inside
//! whole matches and the games are grouped by White's [`Observation`]
//! (the reference level of [`fogbound_engine::belief`]), so refusals, "Any?", a
//! pawn-capture duty and every announcement are exactly the model's.
//!
//! The umpire's choices are recorded as [`Step`]s (the attempt and the
//! index of the answer chosen among all possible answers, in a fixed
//! order), so a game is rebuilt from its steps without searching
//! ([`UmpireGame::replay`]): a page can keep its progress and a worker can
//! pick a game up again.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::puzzle::{Goal, Puzzle, PuzzleError};
use crate::solver::{model_of, seen_words, start_belief, Solver, Turn};
use fogbound_engine::belief::{split_by_view, Belief};
use fogbound_engine::{
    Attempt, Bitboard, Bitboard64, Color, Match, ModelSpec, Observation, Outcome, Piece, Reason,
    Square, Variant,
};
use fogbound_progress::Progress;

/// The games the umpire keeps, each a match from one placement.
type Game = Match<Bitboard64>;

/// One of White's attempts and the answer the umpire chose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The attempt in the engine's attempt text (`a2g2`, `any?`).
    pub attempt: String,
    /// Which of the possible answers was given (see [`UmpireGame::play`]).
    pub answer: u32,
    /// The umpire's search found that after this answer White can no
    /// longer force the goal ([`Status::Lost`]); kept so a replay, which
    /// does not search, ends where the game ended. Always written: the
    /// worker's messages are bincode, which has no field names, so a field
    /// left out shifts every field after it; `default` reads older saves.
    #[serde(default)]
    pub lost: bool,
}

/// Where the solving stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// White is to move, with moves left.
    Playing,
    /// The stipulation is met: mate (or the king taken) with White's
    /// `moves`-th move.
    Solved { moves: u32 },
    /// The game ended otherwise (a stalemate, a man left to be taken, a
    /// draw): `reason` in words.
    Ended { reason: String },
    /// White's moves ran out without the goal.
    OutOfMoves,
    /// The game goes on, but White can no longer force the goal in the
    /// `moves_left` it has: against every line, some game the umpire
    /// keeps beats it (the umpire's search proved it).
    Lost { moves_left: u32 },
}

/// A finished game told concretely, as one of the games the umpire still
/// kept: where the hidden men stood and every move of both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Story {
    /// The hidden men's squares at the start (`Bishop on a1`).
    pub hidden: Vec<String>,
    /// The moves of both sides in SAN, numbered (`1.Ra1`, `1...Kg2`).
    pub moves: Vec<String>,
    /// The true position at the end (a FEN).
    pub fen: String,
}

/// One line of what White was told: the attempt as White's board shows
/// it, and the umpire's words after it (and after Black's reply).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Told {
    pub attempt: String,
    pub words: Vec<String>,
    /// The enemy men White sees after a played attempt (and Black's
    /// reply), as [`seen_words`] writes them; empty after a refusal.
    pub seen: Vec<String>,
    /// The attempt was played (a move was spent).
    pub played: bool,
}

/// Why an attempt or a replay was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UmpireError {
    Puzzle(PuzzleError),
    /// The solving is over.
    Over,
    /// Not an attempt White can make on its own board.
    NotAnAttempt(String),
    /// Read as a move, but none White could make on its own board: why.
    Impossible {
        text: String,
        why: String,
    },
    /// A saved step does not fit the puzzle (another puzzle's progress, a
    /// damaged save).
    BadStep {
        index: usize,
    },
}

impl core::fmt::Display for UmpireError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            UmpireError::Puzzle(e) => e.fmt(f),
            UmpireError::Over => f.write_str("the puzzle is over: retry it to play again"),
            UmpireError::NotAnAttempt(text) => {
                write!(f, "'{text}' is not an attempt White can make here")
            }
            UmpireError::Impossible { text, why } => {
                write!(f, "'{text}' is impossible on White's board: {why}")
            }
            UmpireError::BadStep { index } => write!(
                f,
                "the saved progress does not fit this puzzle (step {} of it)",
                index + 1
            ),
        }
    }
}

impl std::error::Error for UmpireError {}

impl From<PuzzleError> for UmpireError {
    fn from(e: PuzzleError) -> Self {
        UmpireError::Puzzle(e)
    }
}

/// What the umpire may answer to one attempt: a group of games White
/// cannot tell apart afterwards, and the moves White then has left.
struct Answer {
    games: Vec<Game>,
    moves_left: u32,
    /// The attempt was played (White spent a move).
    played: bool,
}

impl Answer {
    fn outcome(&self) -> Option<Outcome> {
        self.games[0].outcome()
    }

    fn belief(&self) -> Belief<Bitboard64> {
        Belief::new(self.games.iter().map(|g| g.position().clone()).collect())
    }

    /// Where White stands in its turn here, as the model tells White:
    /// obliged to try a pawn capture, free to ask "Any?", or neither.
    fn turn(&self) -> Turn {
        let actions = self.games[0].observation(Color::White).actions;
        if actions.must_try_pawn_capture {
            Turn::Obliged
        } else if actions.ask_any {
            Turn::Fresh
        } else {
            Turn::Asked
        }
    }
}

/// How an answer stands for White, as far as the search could tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Standing {
    /// The game ended without White's win, or the moves ran out.
    Ended,
    /// White cannot force the goal any more.
    Lost,
    /// The search ran out of budget.
    Unknown,
    /// White forces the goal in this many moves (0: already won).
    Won(u32),
}

/// A puzzle being solved against the umpire. See the module docs.
pub struct UmpireGame {
    puzzle: Puzzle,
    spec: ModelSpec,
    games: Vec<Game>,
    moves_left: u32,
    steps: Vec<Step>,
    told: Vec<Told>,
    status: Status,
}

impl UmpireGame {
    /// The puzzle at its start: one game per placement of the hidden men.
    pub fn new(puzzle: &Puzzle) -> Result<UmpireGame, UmpireError> {
        let spec = model_of(puzzle)?;
        // Checks that White to move cannot tell placements apart.
        let start = start_belief(puzzle)?;
        let variant = Variant::chess();
        let mut games = Vec::with_capacity(start.len());
        for pos in start.positions() {
            let fen = pos.to_fen();
            games.push(
                Game::new(&variant, spec.clone(), Some(&fen))
                    .map_err(|e| PuzzleError::Fen(e.to_string()))?,
            );
        }
        Ok(UmpireGame {
            puzzle: puzzle.clone(),
            spec,
            games,
            moves_left: puzzle.moves,
            steps: Vec::new(),
            told: Vec::new(),
            status: Status::Playing,
        })
    }

    /// The puzzle rebuilt from recorded steps, without searching.
    pub fn replay(puzzle: &Puzzle, steps: &[Step]) -> Result<UmpireGame, UmpireError> {
        let mut game = UmpireGame::new(puzzle)?;
        for (index, step) in steps.iter().enumerate() {
            let attempt = game
                .parse(&step.attempt)
                .map_err(|_| UmpireError::BadStep { index })?;
            let mut answers = game
                .answers(&attempt)
                .map_err(|_| UmpireError::BadStep { index })?;
            if step.answer as usize >= answers.len() {
                return Err(UmpireError::BadStep { index });
            }
            let chosen = answers.swap_remove(step.answer as usize);
            game.take(&attempt, step.answer, chosen);
            if step.lost {
                game.lose();
            }
        }
        Ok(game)
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The steps so far (what [`UmpireGame::replay`] takes).
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// What White was told, attempt by attempt.
    pub fn told(&self) -> &[Told] {
        &self.told
    }

    /// White's moves left, the next one included.
    pub fn moves_left(&self) -> u32 {
        self.moves_left
    }

    /// White's observation now: the same in every game kept.
    pub fn observation(&self) -> Observation {
        self.games[0].observation(Color::White)
    }

    /// Games still kept (distinct positions White cannot tell apart).
    pub fn positions(&self) -> usize {
        self.games.len()
    }

    /// Placements of the hidden men some kept game started from.
    pub fn placements(&self) -> usize {
        self.start_squares().len()
    }

    /// Each kept placement of the hidden men, as the squares and men.
    pub fn start_squares(&self) -> Vec<Vec<(Square, Piece)>> {
        let known = fogbound_engine::Setup::from_fen(&self.puzzle.fen).ok();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for g in &self.games {
            let start = &g.positions()[0];
            let hidden: Vec<(Square, Piece)> = start
                .geometry()
                .squares()
                .filter_map(|sq| {
                    let piece = start.piece_at(sq)?;
                    let shown = known
                        .as_ref()
                        .and_then(|k| k.board.get(sq.index()).copied().flatten());
                    (shown != Some(piece)).then_some((sq, piece))
                })
                .collect();
            if seen.insert(hidden.clone()) {
                out.push(hidden);
            }
        }
        out
    }

    /// Per square (`rank * 8 + file`), in per cent, the share of kept games
    /// with a black man there now; 0 where White sees the square.
    pub fn heat(&self) -> Vec<u8> {
        let obs = self.observation();
        let n = obs.squares.len();
        let mut counts = vec![0usize; n];
        for g in &self.games {
            for sq in g.position().by_color(Color::Black).squares() {
                counts[sq.index()] += 1;
            }
        }
        counts
            .iter()
            .zip(&obs.squares)
            .map(|(&c, cell)| {
                if *cell != fogbound_engine::Cell::Fog || c == 0 {
                    0
                } else {
                    ((c * 100).div_ceil(self.games.len())).min(100) as u8
                }
            })
            .collect()
    }

    /// Reads attempt text against White's own board (coordinates, SAN,
    /// `any?`).
    pub fn parse(&self, text: &str) -> Result<Attempt, UmpireError> {
        let game = &self.games[0];
        game.parse_attempt(Color::White, text).map_err(|_| {
            match game.why_no_move(Color::White, text.trim()) {
                Some(why) => UmpireError::Impossible {
                    text: text.trim().into(),
                    why,
                },
                None => UmpireError::NotAnAttempt(text.into()),
            }
        })
    }

    /// Every answer the umpire may give to `attempt`, in a fixed order: the
    /// groups of games by White's observation after the attempt, a group
    /// where Black is to move expanded into one answer per observation
    /// after Black's replies.
    fn answers(&self, attempt: &Attempt) -> Result<Vec<Answer>, UmpireError> {
        if self.status != Status::Playing {
            return Err(UmpireError::Over);
        }
        let g = self.games[0].geometry();
        let not_one = || UmpireError::NotAnAttempt(attempt.to_text(g));
        let obs = self.observation();
        let offered = match attempt {
            Attempt::Move(m) => obs.may_try(m.from, m.to),
            Attempt::AskAny => obs.actions.ask_any,
            Attempt::AskRebuffs => obs.actions.ask_rebuffs,
        };
        if !offered {
            return Err(not_one());
        }
        let plies = self.games[0].plies().len();
        let mut after = Vec::with_capacity(self.games.len());
        for game in &self.games {
            let mut game = game.clone();
            let result = game
                .attempt(Color::White, *attempt)
                .map_err(|_| not_one())?;
            if result.resolution == fogbound_engine::Resolution::Impossible {
                return Err(not_one());
            }
            after.push(game);
        }
        let mut out = Vec::new();
        for group in split_by_view(after, Color::White) {
            let played = group[0].plies().len() > plies;
            let moves_left = self.moves_left - u32::from(played);
            let ended = group[0].outcome().is_some();
            if !played || ended || moves_left == 0 {
                out.push(Answer {
                    games: group,
                    moves_left,
                    played,
                });
                continue;
            }
            let mut replies = Vec::new();
            let mut kept = HashSet::new();
            for game in &group {
                for mv in game.position().moves(game.mode()) {
                    let mut next = game.clone();
                    if next.attempt(Color::Black, Attempt::from_move(&mv)).is_ok()
                        && kept.insert(next.position().zobrist_hash())
                    {
                        replies.push(next);
                    }
                }
            }
            for games in split_by_view(replies, Color::White) {
                out.push(Answer {
                    games,
                    moves_left,
                    played,
                });
            }
        }
        Ok(out)
    }

    /// Whether White wins `answer`, as far as a search of `solver`'s
    /// budget tells.
    fn standing(&self, answer: &Answer, solver: &mut Solver) -> Standing {
        if let Some(o) = answer.outcome() {
            return if o.winner == Some(Color::White) {
                Standing::Won(0)
            } else {
                Standing::Ended
            };
        }
        if answer.moves_left == 0 {
            return Standing::Ended;
        }
        match solver.shortest_in(&answer.belief(), answer.moves_left, answer.turn()) {
            Ok(Some(n)) => Standing::Won(n),
            Ok(None) => Standing::Lost,
            Err(_) => Standing::Unknown,
        }
    }

    /// White tries `attempt` (text as [`UmpireGame::parse`] reads it); the
    /// umpire answers with the worst answer for White it can find within
    /// `max_nodes` search nodes (`progress` is told the nodes searched and
    /// may cancel, which leaves the game as it was). Returns the step
    /// taken.
    pub fn play<'p>(
        &mut self,
        text: &str,
        max_nodes: u64,
        progress: Option<&'p mut (dyn Progress + 'p)>,
    ) -> Result<Step, UmpireError> {
        let attempt = self.parse(text)?;
        let answers = self.answers(&attempt)?;
        // The answers it looks for first are those White has lost.
        let mut solver = Solver::new(&self.spec, max_nodes, progress).refuting();
        let (index, standing) = self.choose(&answers, &mut solver);
        let mut answers = answers;
        let chosen = answers.swap_remove(index);
        self.take(&attempt, index as u32, chosen);
        if standing == Some(Standing::Lost) {
            self.lose();
        }
        Ok(self.steps.last().cloned().expect("a step was just taken"))
    }

    /// Looks again, within `max_nodes`, at whether White can still force
    /// the goal from here: the umpire's answer is chosen within a small
    /// budget, and a position it could not decide then may be proved lost
    /// by a longer search while White thinks. When it is, the game is
    /// lost from this answer on (as if [`UmpireGame::play`] had found it).
    /// Returns whether the game is now known to be lost.
    pub fn judge<'p>(
        &mut self,
        max_nodes: u64,
        progress: Option<&'p mut (dyn Progress + 'p)>,
    ) -> bool {
        if self.status != Status::Playing || self.steps.is_empty() {
            return false;
        }
        let here = Answer {
            games: self.games.clone(),
            moves_left: self.moves_left,
            played: true,
        };
        let mut solver = Solver::new(&self.spec, max_nodes, progress).refuting();
        if self.standing(&here, &mut solver) == Standing::Lost {
            self.lose();
            return true;
        }
        false
    }

    /// The game still on is lost for White: said at once, not when the
    /// moves run out.
    fn lose(&mut self) {
        if self.status == Status::Playing {
            self.status = Status::Lost {
                moves_left: self.moves_left,
            };
            if let Some(step) = self.steps.last_mut() {
                step.lost = true;
            }
        }
    }

    /// The umpire's choice among `answers`: a game ended without White's
    /// win, else an answer White no longer wins (the largest first), else
    /// one the search could not decide, else the slowest win; with how it
    /// stands for White when the search decided it (`None` for an ended
    /// game, or a lone answer not searched).
    fn choose(&self, answers: &[Answer], solver: &mut Solver) -> (usize, Option<Standing>) {
        if answers.len() == 1 {
            let standing = answers[0]
                .outcome()
                .is_none()
                .then(|| self.standing(&answers[0], solver));
            return (0, standing.filter(|s| *s == Standing::Lost));
        }
        let mut order: Vec<usize> = (0..answers.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(answers[i].games.len()));
        // The cheap answers first: ended games need no search.
        if let Some(&i) = order.iter().find(|&&i| {
            answers[i]
                .outcome()
                .is_some_and(|o| o.winner != Some(Color::White))
                || (answers[i].outcome().is_none() && answers[i].moves_left == 0)
        }) {
            return (i, None);
        }
        let mut best: Option<(usize, Standing)> = None;
        for i in order {
            let standing = self.standing(&answers[i], solver);
            if standing <= Standing::Lost {
                return (i, Some(standing));
            }
            let better = match (best, standing) {
                (None, _) => true,
                (Some((_, Standing::Unknown)), _) => false,
                (Some(_), Standing::Unknown) => true,
                (Some((_, Standing::Won(a))), Standing::Won(b)) => b > a,
                _ => false,
            };
            if better {
                best = Some((i, standing));
            }
        }
        best.map_or((0, None), |(i, s)| (i, Some(s)))
    }

    /// Takes `answer` as the umpire's answer to `attempt`.
    fn take(&mut self, attempt: &Attempt, index: u32, answer: Answer) {
        let before = &self.games[0];
        let g = before.geometry();
        let attempt_text = self.attempt_words(attempt);
        // What White hears is only ever appended to: the new words are
        // those past the ones it had heard before.
        let heard = |game: &Game| {
            game.announcements()
                .iter()
                .filter(|a| a.audience.includes(Color::White))
                .map(|a| a.message.text(g))
                .collect::<Vec<String>>()
        };
        let heard_before = heard(before).len();
        let white_ply = before.plies().len();
        let games = answer.games;
        // Once played, White knows whether the move took a man (the umpire
        // says so, or the board shows it): the log writes it so (`Rxa1`),
        // as the story of the game does.
        let attempt_text = if answer.played {
            games[0].known_san(white_ply).unwrap_or(attempt_text)
        } else {
            attempt_text
        };
        let words: Vec<String> = heard(&games[0]).split_off(heard_before);
        let seen = if answer.played {
            let shown: Vec<(Square, Piece)> = games[0]
                .observation(Color::White)
                .squares
                .iter()
                .enumerate()
                .filter_map(|(i, cell)| match cell {
                    fogbound_engine::Cell::Man(p) if p.color == Color::Black => {
                        Some((Square(i as u8), *p))
                    }
                    _ => None,
                })
                .collect();
            seen_words(&shown)
        } else {
            Vec::new()
        };
        self.told.push(Told {
            attempt: attempt_text,
            words,
            seen,
            played: answer.played,
        });
        self.steps.push(Step {
            attempt: attempt.to_text(g),
            answer: index,
            lost: false,
        });
        self.moves_left = answer.moves_left;
        self.games = games;
        let used = self.puzzle.moves - self.moves_left;
        self.status = match self.games[0].outcome() {
            Some(o) if o.winner == Some(Color::White) => Status::Solved { moves: used },
            Some(o) => Status::Ended {
                reason: ending_words(o, self.puzzle.goal),
            },
            None if self.moves_left == 0 => Status::OutOfMoves,
            None => Status::Playing,
        };
    }

    /// An attempt as White knows it before the answer (`Rg2`, `Bxc3` onto
    /// a man White knows is there, `Any?`).
    fn attempt_words(&self, attempt: &Attempt) -> String {
        match attempt {
            Attempt::Move(m) => {
                let positions: Vec<_> = self.games.iter().map(|g| g.position().clone()).collect();
                crate::solver::attempt_san(&positions, m, self.games[0].mode())
            }
            Attempt::AskAny => "Any?".into(),
            Attempt::AskRebuffs => "Rebuffs?".into(),
        }
    }

    /// One kept game told concretely: where the hidden men stood and every
    /// move of both sides.
    pub fn story(&self) -> Story {
        let game = &self.games[0];
        let g = game.geometry();
        let hidden = self
            .start_squares()
            .into_iter()
            .next()
            .unwrap_or_default()
            .into_iter()
            .map(|(sq, p)| format!("{} on {}", role_name(p), g.square_name(sq)))
            .collect();
        let mut moves = Vec::new();
        for (i, (ply, pos)) in game.plies().iter().zip(game.positions()).enumerate() {
            let Some(mv) = ply.mv else { continue };
            let number = i / 2 + 1;
            let san = pos.to_san(&mv, game.mode());
            moves.push(match ply.by {
                Color::White => format!("{number}.{san}"),
                Color::Black => format!("{number}...{san}"),
            });
        }
        Story {
            hidden,
            moves,
            fen: game.position().to_fen(),
        }
    }
}

/// A man's name in a sentence (`bishop`).
fn role_name(p: Piece) -> &'static str {
    match p.role {
        fogbound_engine::Role::Pawn => "pawn",
        fogbound_engine::Role::Knight => "knight",
        fogbound_engine::Role::Bishop => "bishop",
        fogbound_engine::Role::Rook => "rook",
        fogbound_engine::Role::Queen => "queen",
        fogbound_engine::Role::King => "king",
        _ => "man",
    }
}

/// How a game that White did not win ended, in words.
fn ending_words(o: Outcome, goal: Goal) -> String {
    match (o.reason, o.winner) {
        (Reason::Stalemate, _) => "Black is stalemated: a stalemate fails the stipulation".into(),
        (Reason::RoyalCaptured, Some(Color::Black)) => "Black took White's king".into(),
        (Reason::Checkmate, Some(Color::Black)) => "White is mated".into(),
        (Reason::InsufficientMaterial, _) if goal == Goal::Mate => {
            "only kings and too little material are left: no mate is possible".into()
        }
        (reason, _) => format!("the game ended: {reason}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(json: &str) -> Puzzle {
        Puzzle::from_json(json).unwrap()
    }

    /// Ra8 mates unless the bishop guards a8 from g2.
    const GUARDED: &str = r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
        "hidden": [{"piece": "b", "squares": ["b1", "g2"]}],
        "goal": "mate", "moves": 1, "rules": "english"}"#;

    #[test]
    fn the_umpire_picks_the_placement_that_refutes_the_try() {
        let mut game = UmpireGame::new(&puzzle(GUARDED)).unwrap();
        assert_eq!(game.placements(), 2);
        let step = game.play("Ra8", 100_000, None).unwrap();
        assert_eq!(step.attempt, "a1a8");
        assert_eq!(game.status(), &Status::OutOfMoves);
        let story = game.story();
        assert_eq!(story.hidden, ["bishop on g2"]);
        assert_eq!(story.moves, ["1.Ra8+"]);
        // Replayed from its steps, the game is the same.
        let again = UmpireGame::replay(&puzzle(GUARDED), game.steps()).unwrap();
        assert_eq!(again.status(), game.status());
        assert_eq!(again.story(), story);
    }

    #[test]
    fn a_mate_in_every_placement_is_solved() {
        let p = puzzle(
            r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            "hidden": [{"piece": "b", "squares": ["c1", "d2"]}],
            "goal": "mate", "moves": 1, "rules": "english"}"#,
        );
        let mut game = UmpireGame::new(&p).unwrap();
        game.play("a1a8", 100_000, None).unwrap();
        assert_eq!(game.status(), &Status::Solved { moves: 1 });
        assert!(game.play("a8a7", 100_000, None).is_err());
    }

    #[test]
    fn bad_attempts_and_bad_steps_are_refused_with_a_message() {
        let p = puzzle(GUARDED);
        let mut game = UmpireGame::new(&p).unwrap();
        assert!(matches!(
            game.play("zz", 1000, None),
            Err(UmpireError::NotAnAttempt(_))
        ));
        assert!(matches!(
            game.play("e4e5", 1000, None),
            Err(UmpireError::NotAnAttempt(_))
        ));
        // Read as a move, but impossible on White's board: said why.
        let e = game.play("Qa8", 1000, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'Qa8' is impossible on White's board: you have no queen"
        );
        let bad = [Step {
            attempt: "a1a8".into(),
            answer: 99,
            lost: false,
        }];
        let e = UmpireGame::replay(&p, &bad).err().unwrap();
        assert_eq!(e, UmpireError::BadStep { index: 0 });
        assert!(e.to_string().contains("does not fit"));
    }
}
