//! New Kriegspiel problems: random positions with hidden Black men, kept
//! only when the solver proves them sound — a unique key, every other
//! first move refuted, the key neither a check nor a capture, no shorter
//! mate — and graded by the solver's effort and the problem's tries.
//!
//! The random positions are drawn so that sound problems are frequent
//! (figures in `GENERATE-NOTES.md`): the Black king on an edge, the White
//! king two squares from it, a White mating force (a queen, or two or three pieces),
//! at most one known Black pawn, and each hidden man one of a few men on a
//! few squares near the Black king (a hidden man far away rarely matters).
//! Everything comes from a seeded generator: the same seed gives the same
//! problems, in the same order.
//!
//! A try (the problemist's word: a first move that fails to one defence)
//! is counted here as a first move that fails, but would force the mate
//! if exactly one placement of the hidden men were taken out of the
//! diagram: that placement is its defence, with the answer the umpire
//! then gives. The tries are searched within [`TRIES_NODES`]; when that
//! runs out the problem is graded by the solver's nodes alone and says so
//! (`tries: None`).

use serde::{Deserialize, Serialize};

use fogbound_engine::belief::{Belief, Observer};
use fogbound_engine::{find_move, Bitboard64, Color, MoveAttempt, SplitMix};

use crate::puzzle::{Puzzle, PuzzleError};
use crate::solver::{
    attempt_coord, attempt_san, model_of, seen_words, solve_with, start_belief, Options, Plan,
    Solver, Verdict,
};

/// The solver's budget for one candidate (nodes), by moves: beyond it the
/// candidate is dropped as undecided.
pub fn candidate_nodes(moves: u32) -> u64 {
    match moves {
        0..=2 => 300_000,
        _ => 3_000_000,
    }
}

/// The fewest placements of the hidden men a problem keeps: with two, the
/// fog is a coin White rarely needs to toss.
pub const MIN_PLACEMENTS: usize = 3;

/// The budget for finding a sound problem's tries (nodes).
pub const TRIES_NODES: u64 = 2_000_000;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The stipulation: mate in this many moves (2 or 3).
    pub moves: u32,
    /// Hidden Black men (1 or 2).
    pub hidden: usize,
    /// The umpire preset.
    pub rules: String,
    pub seed: u64,
}

/// How a problem was graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grade {
    Easy,
    Medium,
    Hard,
}

impl Grade {
    /// `easy`, `medium` or `hard`.
    pub fn id(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
        }
    }

    /// The grade of a problem in `moves` whose key the solver proved in
    /// `nodes` nodes, with `tries` tries (`None`: not found): harder with
    /// more moves, more nodes and more tries (a try is a tempting wrong
    /// first move). The bounds cut the first generated sets into thirds
    /// (GENERATE-NOTES.md).
    pub fn of(moves: u32, nodes: u64, tries: Option<usize>) -> Grade {
        let score = (nodes.max(1) as f64).log10()
            + 0.5 * tries.unwrap_or(0) as f64
            + 1.5 * moves.saturating_sub(2) as f64;
        if score < EASY_BELOW {
            Grade::Easy
        } else if score < HARD_FROM {
            Grade::Medium
        } else {
            Grade::Hard
        }
    }
}

/// Scores below this are easy (see [`Grade::of`]).
const EASY_BELOW: f64 = 2.75;
/// Scores from this are hard.
const HARD_FROM: f64 = 4.5;

/// A first move that fails to one defence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Try {
    /// The first move, in SAN on White's board.
    pub first: String,
    /// Where the hidden men stand in the one placement that refutes it
    /// (`nc3`: a black knight on c3).
    pub placement: Vec<String>,
    /// What White is told in the refuting line, in the umpire's words.
    pub answer: Vec<String>,
}

/// A sound generated problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub puzzle: Puzzle,
    /// The key in SAN on White's board, and in coordinates.
    pub key: String,
    pub key_coord: String,
    /// Placements of the hidden men.
    pub placements: usize,
    /// Nodes the solver took to find and prove the key (with the shorter
    /// lengths refuted), and in all (with every other first move refuted).
    pub key_nodes: u64,
    pub nodes: u64,
    /// The tries, when found within [`TRIES_NODES`].
    pub tries: Option<Vec<Try>>,
    pub grade: Grade,
    /// The proof: White's plan for every answer the umpire may give.
    pub tree: Option<Plan>,
}

/// Why a candidate was dropped (counted for the yield).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Drop {
    /// Not a legal puzzle (no placement, White can tell placements
    /// apart…), or fewer than [`MIN_PLACEMENTS`].
    Illegal,
    /// No first move forces the mate.
    NoKey,
    /// The budget ran out.
    Undecided,
    /// A mate in fewer moves.
    Shorter,
    /// The key checks or captures in some placement.
    CheckOrCapture,
    /// More than one key, or not every other first move decided.
    Cooked,
}

impl Drop {
    pub fn id(self) -> &'static str {
        match self {
            Drop::Illegal => "illegal",
            Drop::NoKey => "no-key",
            Drop::Undecided => "undecided",
            Drop::Shorter => "shorter",
            Drop::CheckOrCapture => "check-or-capture",
            Drop::Cooked => "cooked",
        }
    }

    pub const ALL: [Drop; 6] = [
        Drop::Illegal,
        Drop::NoKey,
        Drop::Undecided,
        Drop::Shorter,
        Drop::CheckOrCapture,
        Drop::Cooked,
    ];
}

/// White's mating forces (besides the king), one drawn per candidate.
const FORCES: &[&str] = &["Q", "QN", "QB", "RR", "RB", "RN", "RBN", "BBN", "QP", "RNP"];
/// What a hidden man may be, drawn per hidden man (pawns and minor pieces
/// most often: they hide in the king's shelter).
const HIDDEN_MEN: &[char] = &['p', 'p', 'n', 'n', 'b', 'b', 'r', 'q'];

/// A board being drawn: `None` or a man's letter, by file and rank.
type Board = [[Option<char>; 8]; 8];

fn fen_of(board: &Board) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for column in board {
            match column[rank] {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

fn name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn distance(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
}

/// One random candidate (see the module docs), as puzzle JSON; `None`
/// when the draw does not fit (no room for a man).
pub fn candidate_json(rng: &mut SplitMix, request: &Request) -> Option<String> {
    let mut board: Board = [[None; 8]; 8];
    // The Black king on an edge.
    let edge: Vec<(usize, usize)> = (0..8)
        .flat_map(|f| (0..8).map(move |r| (f, r)))
        .filter(|&(f, r)| f == 0 || f == 7 || r == 0 || r == 7)
        .collect();
    let bk = rng.pick(&edge);
    board[bk.0][bk.1] = Some('k');
    // The White king two squares away (in opposition or beside it): the
    // king already helps, so the key is more often another man's
    // (GENERATE-NOTES.md: two or three squares made most keys king moves).
    let near: Vec<(usize, usize)> = (0..8)
        .flat_map(|f| (0..8).map(move |r| (f, r)))
        .filter(|&s| distance(s, bk) == 2)
        .collect();
    let wk = rng.pick(&near);
    board[wk.0][wk.1] = Some('K');
    let free = |board: &Board, s: (usize, usize)| board[s.0][s.1].is_none();
    let any_square = |rng: &mut SplitMix, board: &Board, ok: &dyn Fn((usize, usize)) -> bool| {
        let squares: Vec<(usize, usize)> = (0..8)
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .filter(|&s| free(board, s) && ok(s))
            .collect();
        (!squares.is_empty()).then(|| rng.pick(&squares))
    };
    for man in rng.pick(FORCES).chars() {
        let pawn = man == 'P';
        let s = any_square(rng, &board, &|(_, r)| !pawn || (1..7).contains(&r))?;
        board[s.0][s.1] = Some(man);
    }
    // Sometimes a known Black pawn near its king.
    if rng.below(3) == 0 {
        let s = any_square(rng, &board, &|(f, r)| {
            (1..7).contains(&r) && distance((f, r), bk) <= 2
        })?;
        board[s.0][s.1] = Some('p');
    }
    // The hidden men: each one of its men on two to six squares within
    // three of the Black king.
    let mut hidden = Vec::new();
    for _ in 0..request.hidden {
        let man = rng.pick(HIDDEN_MEN);
        let pawn = man == 'p';
        let mut squares: Vec<(usize, usize)> = (0..8)
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .filter(|&s| {
                free(&board, s) && distance(s, bk) <= 3 && (!pawn || (1..7).contains(&s.1))
            })
            .collect();
        let want = 2 + rng.below(5);
        if squares.len() < 2 {
            return None;
        }
        // A partial shuffle: the first `want` squares, drawn.
        let take = want.min(squares.len());
        for i in 0..take {
            let j = i + rng.below(squares.len() - i);
            squares.swap(i, j);
        }
        squares.truncate(take);
        squares.sort();
        let names: Vec<String> = squares
            .iter()
            .map(|&(f, r)| format!("\"{}\"", name(f, r)))
            .collect();
        hidden.push(format!(
            "{{\"piece\": \"{man}\", \"squares\": [{}]}}",
            names.join(", ")
        ));
    }
    Some(format!(
        "{{\"fen\": \"{}\", \"hidden\": [{}], \"goal\": \"mate\", \"moves\": {}, \"rules\": \"{}\"}}",
        fen_of(&board),
        hidden.join(", "),
        request.moves,
        request.rules
    ))
}

/// Whether the attempt checks or captures in some position of `belief`.
fn checks_or_captures(
    belief: &Belief<Bitboard64>,
    mode: fogbound_engine::RuleMode,
    key: &MoveAttempt,
) -> bool {
    belief
        .positions()
        .iter()
        .any(|p| find_move(p, mode, key).is_some_and(|m| m.is_capture() || p.after(&m).is_check()))
}

/// Judges one candidate puzzle: a sound problem, or why it was dropped.
pub fn judge(puzzle: &Puzzle) -> Result<Problem, Drop> {
    let spec = model_of(puzzle).map_err(|_| Drop::Illegal)?;
    let belief = start_belief(puzzle).map_err(|_| Drop::Illegal)?;
    if belief.len() < MIN_PLACEMENTS {
        return Err(Drop::Illegal);
    }
    let moves = puzzle.moves;
    let max_nodes = candidate_nodes(moves);
    // The key alone first (cheap), deepening so a shorter mate shows.
    let first = solve_with(
        puzzle,
        &Options {
            max_nodes,
            cooks: false,
            tree: false,
            shortest: true,
        },
        None,
    )
    .map_err(|_| Drop::Illegal)?;
    match first.verdict {
        Verdict::Refuted => return Err(Drop::NoKey),
        Verdict::Unknown => return Err(Drop::Undecided),
        Verdict::Solved => {}
    }
    if first.moves != Some(moves) {
        return Err(Drop::Shorter);
    }
    let key_coord = first.first_coord.clone().ok_or(Drop::NoKey)?;
    let key_nodes = first.stats.nodes;
    let key_attempt = Observer::<Bitboard64>::new(&spec, Color::White)
        .attempts(&belief)
        .into_iter()
        .find(|a| attempt_coord(&belief.positions()[0], a) == key_coord)
        .ok_or(Drop::NoKey)?;
    if checks_or_captures(&belief, spec.rule_mode(), &key_attempt) {
        return Err(Drop::CheckOrCapture);
    }
    // Then every other first move.
    let full = solve_with(
        puzzle,
        &Options {
            max_nodes,
            cooks: true,
            tree: true,
            shortest: false,
        },
        None,
    )
    .map_err(|_| Drop::Illegal)?;
    if full.verdict != Verdict::Solved {
        return Err(Drop::Undecided);
    }
    if !full.cooks_complete {
        return Err(Drop::Undecided);
    }
    if full.keys.len() != 1 || full.first_coord.as_deref() != Some(key_coord.as_str()) {
        return Err(Drop::Cooked);
    }
    let tries = tries(puzzle, &belief, &key_attempt, TRIES_NODES);
    let key = first.first_move.clone().ok_or(Drop::NoKey)?;
    let grade = Grade::of(moves, key_nodes, tries.as_ref().map(Vec::len));
    Ok(Problem {
        puzzle: puzzle.clone(),
        key,
        key_coord,
        placements: belief.len(),
        key_nodes,
        nodes: full.stats.nodes,
        tries,
        grade,
        tree: full.tree,
    })
}

/// The tries of a sound problem (see the module docs), or `None` when
/// `max_nodes` run out first.
pub fn tries(
    puzzle: &Puzzle,
    belief: &Belief<Bitboard64>,
    key: &MoveAttempt,
    max_nodes: u64,
) -> Option<Vec<Try>> {
    let spec = model_of(puzzle).ok()?;
    let mode = spec.rule_mode();
    let mut solver = Solver::new(&spec, max_nodes, None);
    let positions = belief.positions();
    let placements = puzzle.placements().ok()?;
    let mut found = Vec::new();
    for attempt in Observer::<Bitboard64>::new(&spec, Color::White).attempts(belief) {
        if attempt == *key {
            continue;
        }
        // The placements that refute it even when White knows the diagram.
        let mut alone = Vec::new();
        for (i, p) in positions.iter().enumerate() {
            let one = Belief::new(vec![p.clone()]);
            if !solver.forces(&one, puzzle.moves, &attempt).ok()? {
                alone.push(i);
                if alone.len() > 1 {
                    break;
                }
            }
        }
        let without = |i: usize| {
            Belief::new(
                positions
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, p)| p.clone())
                    .collect(),
            )
        };
        let defence = match alone.as_slice() {
            [i] => solver
                .forces(&without(*i), puzzle.moves, &attempt)
                .ok()?
                .then_some(*i),
            [] => {
                // Refuted by not knowing: a try when exactly one placement
                // taken out lets it through.
                let mut through = Vec::new();
                for i in 0..positions.len() {
                    if solver.forces(&without(i), puzzle.moves, &attempt).ok()? {
                        through.push(i);
                        if through.len() > 1 {
                            break;
                        }
                    }
                }
                (through.len() == 1).then(|| through[0])
            }
            _ => None,
        };
        let Some(i) = defence else { continue };
        // The answer that refutes it in that placement (as the umpire that
        // fights back would give it, White knowing the diagram).
        let one = Belief::new(vec![positions[i].clone()]);
        let answer = match solver.refutation(&one, puzzle.moves, &attempt).ok()? {
            Some((views, _)) => views
                .iter()
                .flat_map(|v| {
                    let mut words: Vec<String> = v
                        .said
                        .iter()
                        .map(|m| m.text(fogbound_engine::Geometry::CHESS))
                        .collect();
                    words.extend(seen_words(&v.seen));
                    words
                })
                .collect(),
            None => Vec::new(),
        };
        let g = fogbound_engine::Geometry::CHESS;
        found.push(Try {
            first: attempt_san(positions, &attempt, mode),
            placement: placements[i]
                .iter()
                .map(|&(sq, piece)| format!("{}{}", piece.char(), g.square_name(sq)))
                .collect(),
            answer,
        });
    }
    Some(found)
}

/// How a run went: candidates drawn, problems kept, and the dropped ones
/// by reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub candidates: u64,
    pub kept: u64,
    pub dropped: std::collections::BTreeMap<Drop, u64>,
}

/// Draws candidates from `request`'s seed until `count` sound problems
/// are found or `give_up` candidates were drawn; `on_problem` hears each
/// problem as it is found (with the tally so far).
pub fn generate(
    request: &Request,
    count: usize,
    give_up: u64,
    on_problem: &mut dyn FnMut(&Problem, &Tally),
) -> Result<(Vec<Problem>, Tally), PuzzleError> {
    if !(2..=3).contains(&request.moves) {
        return Err(PuzzleError::Field {
            field: "moves",
            message: format!("{} is not 2 or 3", request.moves),
        });
    }
    if !(1..=2).contains(&request.hidden) {
        return Err(PuzzleError::Field {
            field: "hidden",
            message: format!("{} hidden men: 1 or 2 are generated", request.hidden),
        });
    }
    if fogbound_engine::KriegspielRules::preset(&request.rules).is_none() {
        return Err(PuzzleError::Field {
            field: "rules",
            message: format!(
                "'{}' is not an umpire preset ({})",
                request.rules,
                fogbound_engine::KriegspielRules::PRESET_IDS.join(", ")
            ),
        });
    }
    let mut rng = SplitMix::new(request.seed);
    let mut tally = Tally::default();
    let mut problems = Vec::new();
    while problems.len() < count && tally.candidates < give_up {
        tally.candidates += 1;
        let judged = match candidate_json(&mut rng, request) {
            None => Err(Drop::Illegal),
            Some(json) => match Puzzle::from_json(&json) {
                Ok(p) => judge(&p),
                Err(_) => Err(Drop::Illegal),
            },
        };
        match judged {
            Ok(problem) => {
                tally.kept += 1;
                on_problem(&problem, &tally);
                problems.push(problem);
            }
            Err(drop) => *tally.dropped.entry(drop).or_default() += 1,
        }
    }
    Ok((problems, tally))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(moves: u32, hidden: usize, rules: &str, seed: u64) -> Request {
        Request {
            moves,
            hidden,
            rules: rules.into(),
            seed,
        }
    }

    fn run(r: &Request, count: usize) -> (Vec<Problem>, Tally) {
        generate(r, count, 50_000, &mut |_, _| {}).unwrap()
    }

    /// The start belief of a problem with `without` (a placement's index)
    /// taken out.
    fn belief_without(p: &Problem, without: Option<usize>) -> Belief<Bitboard64> {
        let all = start_belief(&p.puzzle).unwrap();
        Belief::new(
            all.positions()
                .iter()
                .enumerate()
                .filter(|&(i, _)| Some(i) != without)
                .map(|(_, p)| p.clone())
                .collect(),
        )
    }

    fn key_of(p: &Problem, belief: &Belief<Bitboard64>) -> MoveAttempt {
        let spec = model_of(&p.puzzle).unwrap();
        Observer::<Bitboard64>::new(&spec, Color::White)
            .attempts(belief)
            .into_iter()
            .find(|a| attempt_coord(&belief.positions()[0], a) == p.key_coord)
            .unwrap()
    }

    #[test]
    fn the_same_seed_gives_the_same_problems_and_another_seed_others() {
        let r = request(2, 1, "english", 11);
        let (a, tally) = run(&r, 2);
        let (b, again) = run(&r, 2);
        assert_eq!(a, b);
        assert_eq!(tally, again);
        assert_eq!(a.len(), 2);
        let (c, _) = run(&request(2, 1, "english", 12), 2);
        assert_ne!(a[0].puzzle, c[0].puzzle);
    }

    #[test]
    fn every_problem_kept_is_sound_with_one_quiet_key_and_no_shorter_mate() {
        // Two hidden men come out sound ten to fifty times more rarely:
        // one problem, from a seed that finds it soon.
        for (r, count) in [
            (request(2, 1, "wild16", 5), 2),
            (request(2, 2, "cincinnati", 1), 1),
            (request(3, 1, "cvp", 7), 2),
        ] {
            let (problems, tally) = run(&r, count);
            assert_eq!(problems.len(), count, "{r:?}: {tally:?}");
            assert_eq!(
                tally.kept + tally.dropped.values().sum::<u64>(),
                tally.candidates
            );
            for p in &problems {
                assert_eq!(p.puzzle.moves, r.moves);
                assert_eq!(p.puzzle.rules, r.rules);
                assert_eq!(p.puzzle.hidden.len(), r.hidden);
                let s = solve_with(&p.puzzle, &Options::default(), None).unwrap();
                assert_eq!(s.verdict, Verdict::Solved);
                assert!(s.cooks_complete);
                assert_eq!(s.keys, [p.key.clone()], "{}", p.puzzle.to_json());
                let spec = model_of(&p.puzzle).unwrap();
                let belief = belief_without(p, None);
                assert!(belief.len() >= MIN_PLACEMENTS);
                let key = key_of(p, &belief);
                assert!(!checks_or_captures(&belief, spec.rule_mode(), &key));
                let mut solver = Solver::new(&spec, 10_000_000, None);
                assert!(
                    !solver.wins(&belief, r.moves - 1).unwrap(),
                    "a shorter mate"
                );
                assert!(solver.forces(&belief, r.moves, &key).unwrap());
            }
        }
    }

    #[test]
    fn every_try_fails_and_would_mate_without_its_one_placement() {
        let (problems, _) = run(&request(3, 1, "wild16", 7), 3);
        let mut seen = 0;
        for p in &problems {
            let spec = model_of(&p.puzzle).unwrap();
            let belief = belief_without(p, None);
            let placements = p.puzzle.placements().unwrap();
            let g = fogbound_engine::Geometry::CHESS;
            let observer = Observer::<Bitboard64>::new(&spec, Color::White);
            for t in p.tries.as_ref().unwrap() {
                seen += 1;
                let attempt = observer
                    .attempts(&belief)
                    .into_iter()
                    .find(|a| attempt_san(belief.positions(), a, spec.rule_mode()) == t.first)
                    .unwrap();
                let i = placements
                    .iter()
                    .position(|pl| {
                        pl.iter()
                            .map(|&(sq, piece)| format!("{}{}", piece.char(), g.square_name(sq)))
                            .collect::<Vec<_>>()
                            == t.placement
                    })
                    .unwrap();
                let mut solver = Solver::new(&spec, 10_000_000, None);
                assert!(!solver.forces(&belief, p.puzzle.moves, &attempt).unwrap());
                let without = belief_without(p, Some(i));
                assert!(
                    solver.forces(&without, p.puzzle.moves, &attempt).unwrap(),
                    "{}: 1.{} would mate without {:?}",
                    p.puzzle.to_json(),
                    t.first,
                    t.placement
                );
                assert!(!t.answer.is_empty());
            }
        }
        assert!(seen > 0, "these problems have tries");
    }

    #[test]
    fn requests_out_of_range_say_what_is_wrong() {
        for (r, words) in [
            (request(4, 1, "english", 1), "not 2 or 3"),
            (request(2, 3, "english", 1), "1 or 2"),
            (request(2, 1, "chess960", 1), "not an umpire preset"),
        ] {
            let e = generate(&r, 1, 10, &mut |_, _| {}).unwrap_err().to_string();
            assert!(e.contains(words), "{e}");
        }
    }

    #[test]
    fn candidates_are_mostly_puzzles_with_the_black_king_on_an_edge() {
        let r = request(2, 2, "english", 3);
        let mut rng = SplitMix::new(1);
        let mut read = 0;
        for _ in 0..200 {
            if let Some(json) = candidate_json(&mut rng, &r) {
                if let Ok(p) = Puzzle::from_json(&json) {
                    read += 1;
                    assert_eq!(p.hidden.len(), 2);
                    let setup = fogbound_engine::Setup::from_fen(&p.fen).unwrap();
                    let g = setup.geometry;
                    let k = g
                        .squares()
                        .find(|&s| setup.board[s.index()] == fogbound_engine::Piece::from_char('k'))
                        .unwrap();
                    let (f, rank) = (g.file(k).0, g.rank(k).0);
                    assert!(f == 0 || f == 7 || rank == 0 || rank == 7, "{}", p.fen);
                }
            }
        }
        assert!(read >= 100, "{read} of 200 candidates read as puzzles");
    }

    #[test]
    fn harder_with_more_moves_nodes_and_tries() {
        assert_eq!(Grade::of(2, 100, Some(0)), Grade::Easy);
        assert_eq!(Grade::of(2, 100, Some(3)), Grade::Medium);
        assert_eq!(Grade::of(2, 5_000, None), Grade::Medium);
        assert_eq!(Grade::of(3, 5_000, Some(1)), Grade::Hard);
        assert!(Grade::of(2, 10, Some(0)) <= Grade::of(2, 10_000, Some(0)));
    }
}
