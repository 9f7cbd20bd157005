//! Fox & Hounds against the write-up's published figures and an independent
//! brute-force solver.
//!
//! Everything here runs in the normal suite (about a second in release).
//! The 10×10 board is opt-in:
//! `cargo test --release -p fogbound-solvers --test all -- --ignored fox_hounds::`
//! (about 7 s of CPU and 340 MB).

use fogbound_solvers::fox_hounds::{
    solve, solve_with, BoardSize, Evaluation, NamedPosition, Position, PositionError, Side,
    Solution, SolveOptions, Square,
};
use fogbound_solvers::progress::{Cancelled, Silent};
use std::collections::HashMap;
use std::sync::OnceLock;

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).unwrap()
}

/// The 8×8 solution, solved once for all tests.
fn eight() -> &'static Solution {
    static EIGHT: OnceLock<Solution> = OnceLock::new();
    EIGHT.get_or_init(|| solve(BoardSize::EIGHT, &mut Silent).unwrap())
}

// ---------------------------------------------------------------------------
// An independent brute force: positions as plain coordinates, rules written
// straight from the issue, memoised recursion, no shared code with the solver.

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Pos {
    fox: (i32, i32),
    hounds: Vec<(i32, i32)>, // sorted
    fox_to_move: bool,
}

struct Brute {
    n: i32,
    /// Score for the fox: `1000 − N` for "Fox win in N", `N − 1000` for
    /// "Hounds win in N"; and the number of games from the position.
    memo: HashMap<Pos, (i32, u128)>,
}

impl Brute {
    fn new(n: i32) -> Brute {
        Brute {
            n,
            memo: HashMap::new(),
        }
    }

    fn on_board(&self, (f, r): (i32, i32)) -> bool {
        (0..self.n).contains(&f) && (0..self.n).contains(&r)
    }

    fn initial(&self) -> Pos {
        let hounds = (0..self.n).filter(|f| f % 2 == 1).map(|f| (f, 0)).collect();
        let top = self.n - 1;
        let light_top: Vec<i32> = (0..self.n).filter(|f| (f + top) % 2 == 1).collect();
        let fox = (light_top[(self.n / 4) as usize], top);
        Pos {
            fox,
            hounds,
            fox_to_move: true,
        }
    }

    fn reachable_by_some_hound(&self, hounds: &[(i32, i32)], (f, r): (i32, i32)) -> bool {
        hounds
            .iter()
            .any(|&(hf, hr)| r >= hr && (f - hf).abs() <= r - hr)
    }

    fn escaped(&self, p: &Pos) -> bool {
        let (f, r) = p.fox;
        !self.reachable_by_some_hound(&p.hounds, p.fox)
            && [(-1, -1), (1, -1), (-1, 1), (1, 1)]
                .iter()
                .any(|&(df, dr)| {
                    let sq = (f + df, r + dr);
                    self.on_board(sq) && !self.reachable_by_some_hound(&p.hounds, sq)
                })
    }

    fn moves(&self, p: &Pos) -> Vec<Pos> {
        let mut out = Vec::new();
        let free = |sq: (i32, i32)| self.on_board(sq) && sq != p.fox && !p.hounds.contains(&sq);
        if p.fox_to_move {
            let (f, r) = p.fox;
            for (df, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                if free((f + df, r + dr)) {
                    out.push(Pos {
                        fox: (f + df, r + dr),
                        hounds: p.hounds.clone(),
                        fox_to_move: false,
                    });
                }
            }
        } else {
            for (i, &(f, r)) in p.hounds.iter().enumerate() {
                for df in [-1, 1] {
                    if free((f + df, r + 1)) {
                        let mut hounds = p.hounds.clone();
                        hounds[i] = (f + df, r + 1);
                        hounds.sort();
                        out.push(Pos {
                            fox: p.fox,
                            hounds,
                            fox_to_move: true,
                        });
                    }
                }
            }
        }
        out
    }

    /// `(score, games)`; terminal positions are scored without moving.
    fn solve(&mut self, p: &Pos) -> (i32, u128) {
        if let Some(&v) = self.memo.get(p) {
            return v;
        }
        let moves = self.moves(p);
        let v = if self.escaped(p) {
            (1000, 1)
        } else if moves.is_empty() {
            (if p.fox_to_move { -1000 } else { 1000 }, 1)
        } else {
            let results: Vec<(i32, u128)> = moves.iter().map(|m| self.solve(m)).collect();
            let best = if p.fox_to_move {
                results.iter().map(|r| r.0).max().unwrap()
            } else {
                results.iter().map(|r| r.0).min().unwrap()
            };
            // One ply further from the end.
            let best = if best > 0 { best - 1 } else { best + 1 };
            (best, results.iter().map(|r| r.1).sum())
        };
        self.memo.insert(p.clone(), v);
        v
    }

    fn evaluation(score: i32) -> Evaluation {
        if score > 0 {
            Evaluation::FoxWin {
                plies: (1000 - score) as u8,
            }
        } else {
            Evaluation::HoundsWin {
                plies: (score + 1000) as u8,
            }
        }
    }

    fn position(&self, p: &Pos) -> Position {
        let sq = |(f, r): (i32, i32)| Square::new(f as u8, r as u8);
        let hounds: Vec<Square> = p.hounds.iter().map(|&h| sq(h)).collect();
        let side = if p.fox_to_move {
            Side::Fox
        } else {
            Side::Hounds
        };
        Position::new(size(self.n as u8), sq(p.fox), &hounds, side).unwrap()
    }
}

/// Solver and brute force agree on every reachable position.
fn check_against_brute_force(n: u8) {
    let mut brute = Brute::new(n as i32);
    let initial = brute.initial();
    let (score, games) = brute.solve(&initial);
    let solution = solve(size(n), &mut Silent).unwrap();
    assert_eq!(
        solution.positions(),
        brute.memo.len() as u64,
        "{n}×{n} positions"
    );
    assert_eq!(solution.initial_evaluation(), Brute::evaluation(score));
    assert_eq!(
        solution.games().to_string(),
        games.to_string(),
        "{n}×{n} games"
    );
    assert_eq!(solution.initial_position(), brute.position(&initial));
    let memo: Vec<(Pos, (i32, u128))> = brute.memo.iter().map(|(p, v)| (p.clone(), *v)).collect();
    for (p, (score, _)) in memo {
        let position = brute.position(&p);
        let evaluation = solution.evaluate(&position).unwrap();
        assert_eq!(evaluation, Brute::evaluation(score), "{position}");
        // The move list: same children, each with its value, best first.
        let moves = solution.moves(&position).unwrap();
        let terminal = evaluation.plies() == 0;
        let expected: Vec<Pos> = if terminal {
            Vec::new()
        } else {
            brute.moves(&p)
        };
        assert_eq!(moves.len(), expected.len(), "{position}");
        for outcome in &moves {
            let child = expected
                .iter()
                .find(|c| brute.position(c) == outcome.position)
                .unwrap_or_else(|| {
                    panic!(
                        "{position}\nsolver child:\n{}\nbrute: {expected:?}",
                        outcome.position
                    )
                });
            assert_eq!(outcome.evaluation, Brute::evaluation(brute.memo[child].0));
        }
        for pair in moves.windows(2) {
            match position.to_move() {
                Side::Fox => assert!(pair[0].evaluation >= pair[1].evaluation),
                Side::Hounds => assert!(pair[0].evaluation <= pair[1].evaluation),
            }
        }
        if let Some(best) = moves.first() {
            assert_eq!(best.evaluation.winner(), evaluation.winner());
        }
    }
}

#[test]
fn small_boards_match_a_brute_force_solver() {
    for n in 2..=7 {
        check_against_brute_force(n);
    }
}

#[test]
fn small_boards_match_with_one_thread_and_many() {
    for threads in [1, 3] {
        let options = SolveOptions { threads };
        let s = solve_with(size(6), &options, &mut Silent).unwrap();
        assert_eq!(s.summary().games, "982462133247");
        assert_eq!(s.positions(), 8175);
    }
}

// ---------------------------------------------------------------------------
// The write-up's table.

#[test]
fn published_table_up_to_eight_by_eight() {
    let rows = [
        (2, 1, "Hounds win in 0", "1"),
        (4, 83, "Hounds win in 8", "178"),
        (6, 8_175, "Fox win in 21", "982462133247"),
        (
            8,
            709_868,
            "Hounds win in 44",
            "360552037329667882019232833884",
        ),
    ];
    for (n, positions, evaluation, games) in rows {
        let s = if n == 8 {
            eight()
        } else {
            &solve(size(n), &mut Silent).unwrap()
        };
        let summary = s.summary();
        assert_eq!(summary.size, n);
        assert_eq!(summary.positions, positions);
        assert_eq!(summary.evaluation, evaluation);
        assert_eq!(summary.games, games);
        assert!(summary.peak_bytes > 0);
        let counted: u64 = s.evaluation_counts().iter().map(|&(_, c)| c).sum();
        assert_eq!(counted, positions);
    }
    // "~10^11" on 6×6.
    assert_eq!(solve(size(6), &mut Silent).unwrap().games().digits(), 12);
}

/// Opt-in: `cargo test --release -p fogbound-solvers --test all -- --ignored fox_hounds::`.
#[test]
#[ignore = "10×10 takes about 7 s of CPU and 340 MB; run with --ignored"]
fn published_table_ten_by_ten() {
    let s = solve(size(10), &mut Silent).unwrap();
    assert_eq!(s.positions(), 69_575_678);
    assert_eq!(s.initial_evaluation().to_string(), "Hounds win in 72");
    // "~10^55"
    assert_eq!(s.games().digits(), 56);
    assert!(s
        .games()
        .to_string()
        .starts_with("70297467696717584052559348316424667585035088022072598144"));
}

// ---------------------------------------------------------------------------
// The write-up's diagrams.

const HOUNDS_WIN: &str = "Fox to move
+--------+
|* F H * |
| H H * *|
|* * H * |
| * * * *|
|* * * * |
| * * * *|
|* * * * |
| * * * *|
+--------+";

const HOUNDS_STUCK: &str = "Hounds to move
+--------+
|H * H H |
| * * * *|
|* * * * |
| * * * *|
|* * * F |
| * * * H|
|* * * * |
| * * * *|
+--------+";

const ESCAPED: &str = "Hounds to move
+--------+
|* * * * |
| * * * *|
|* * * * |
| H * H *|
|* * * * |
| F H H *|
|* * * * |
| * * * *|
+--------+";

const OPPOSITE: &str = "Fox to move
+--------+
|* * * * |
| * F * *|
|* * * * |
| * * * *|
|* * * * |
| * * * *|
|* * * H |
| H H * H|
+--------+";

#[test]
fn diagrams_round_trip() {
    for text in [HOUNDS_WIN, HOUNDS_STUCK, ESCAPED, OPPOSITE] {
        let position: Position = text.parse().unwrap();
        assert_eq!(position.to_string(), text);
    }
    let initial = Position::initial(BoardSize::EIGHT);
    assert_eq!(initial.fox().to_string(), "e8");
    assert_eq!(initial.to_string().lines().nth(2), Some("|* * F * |"));
    assert_eq!(initial.to_string().lines().nth(9), Some("| H H H H|"));
    let two = Position::initial(size(2)).to_string();
    assert_eq!(two, "Fox to move\n+--+\n|F |\n| H|\n+--+");
}

#[test]
fn published_terminal_examples() {
    let s = eight();
    for (text, evaluation) in [
        (HOUNDS_WIN, Evaluation::HoundsWin { plies: 0 }),
        (HOUNDS_STUCK, Evaluation::FoxWin { plies: 0 }),
        (ESCAPED, Evaluation::FoxWin { plies: 0 }),
    ] {
        let position: Position = text.parse().unwrap();
        assert_eq!(s.evaluate(&position).unwrap(), evaluation, "{position}");
        assert!(s.is_over(&position).unwrap());
        assert!(s.moves(&position).unwrap().is_empty());
    }
}

#[test]
fn opposite_position_is_the_published_one() {
    let s = eight();
    let opposite = s.named(NamedPosition::Opposite).unwrap();
    assert_eq!(opposite.to_string(), OPPOSITE);
    assert_eq!(s.evaluate(&opposite).unwrap().to_string(), "Fox win in 29");
    // Breadth-first: the fox moved once and one hound once.
    let initial = s.initial_position();
    assert!(s.moves(&initial).unwrap().iter().any(|o| s
        .moves(&o.position)
        .unwrap()
        .iter()
        .any(|m| m.position == opposite)));
}

#[test]
fn fox_box_examples_and_b_values() {
    let s = eight();
    // "the B value in the initial position is 0 … the maximum value that the
    // fox can force over the course of the game is 6".
    let info = s.fox_box(&s.initial_position()).unwrap();
    assert!(info.fox_box);
    assert_eq!(info.b, Some(0));
    assert_eq!(info.forced_b, Some(6));
    for name in [
        NamedPosition::FoxBox1,
        NamedPosition::FoxBox2,
        NamedPosition::FoxBox3,
    ] {
        let position = s.named(name).unwrap();
        assert!(s.fox_box(&position).unwrap().fox_box, "{}", name.label());
        assert_eq!(s.evaluate(&position).unwrap().winner(), Side::Hounds);
    }
    // The escaped fox is not boxed, and B is infinite in a lost position.
    let opposite = s.named(NamedPosition::Opposite).unwrap();
    let info = s.fox_box(&opposite).unwrap();
    assert!(!info.fox_box);
    assert_eq!(info.b, None);
    // Every position lost by the fox has a finite B (the write-up: "the B value will
    // be finite in every position that is losing for the fox").
    let mut stack = vec![s.initial_position()];
    let mut seen = std::collections::HashSet::new();
    while let Some(p) = stack.pop() {
        if seen.len() > 20_000 || !seen.insert(p.clone()) {
            continue;
        }
        if s.evaluate(&p).unwrap().winner() == Side::Hounds {
            assert!(s.fox_box(&p).unwrap().b.is_some(), "{p}");
        }
        stack.extend(s.moves(&p).unwrap().into_iter().map(|o| o.position));
    }
}

// ---------------------------------------------------------------------------
// The AI and the fuzz table.

/// The write-up's table: p, fox wins from initial, hounds win from opposite.
const PUBLISHED_FUZZ: [(f64, f64, f64); 19] = [
    (0.000000, 0.000, 0.000),
    (0.003906, 0.326, 0.150),
    (0.005859, 0.444, 0.215),
    (0.006836, 0.495, 0.245),
    (0.006897, 0.498, 0.247),
    (0.006927, 0.499, 0.248),
    (0.006935, 0.500, 0.248),
    (0.006943, 0.500, 0.249),
    (0.006958, 0.501, 0.249),
    (0.007080, 0.507, 0.253),
    (0.007324, 0.518, 0.260),
    (0.007812, 0.541, 0.275),
    (0.015625, 0.780, 0.466),
    (0.031250, 0.943, 0.696),
    (0.062500, 0.995, 0.890),
    (0.125000, 1.000, 0.979),
    (0.250000, 1.000, 0.997),
    (0.500000, 1.000, 0.998),
    (1.000000, 1.000, 0.999),
];

#[test]
fn published_fuzz_table() {
    let s = eight();
    assert_eq!(s.underdog(), Side::Fox);
    for (p, fox, hounds) in PUBLISHED_FUZZ {
        let odds = s.fuzz(p);
        assert_eq!(
            format!("{:.3}", odds.from_initial),
            format!("{fox:.3}"),
            "p = {p}"
        );
        let from_opposite = odds.from_opposite.unwrap();
        assert_eq!(
            format!("{from_opposite:.3}"),
            format!("{hounds:.3}"),
            "p = {p}"
        );
    }
}

#[test]
fn fairest_fuzz_by_bisection() {
    let s = eight();
    let tried = s.fairest_fuzz(17);
    let (p, chances) = *tried.last().unwrap();
    assert_eq!(format!("{p:.6}"), "0.006935");
    assert!((chances - 0.5).abs() < 0.0005);
    // The write-up's table rows are the bisection's midpoints.
    for (mid, _) in &tried[4..] {
        assert!(PUBLISHED_FUZZ
            .iter()
            .any(|row| format!("{:.6}", row.0) == format!("{mid:.6}")));
    }
}

#[test]
fn ai_weights() {
    let s = eight();
    let initial = s.initial_position();
    for p in [0.0, 0.006935, 0.5, 1.0] {
        let weights = s.ai_weights(&initial, p).unwrap();
        let total: f64 = weights.iter().map(|w| w.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        if p == 1.0 {
            assert!(weights.iter().all(|w| (w.1 - 0.5).abs() < 1e-12));
        }
    }
    // Without fuzz the hounds AI keeps the win, and a hound move the perfect
    // policy rejects gets no weight.
    let after: Vec<_> = s.moves(&initial).unwrap();
    let hounds_turn = &after[0].position;
    let weights = s.ai_weights(hounds_turn, 0.0).unwrap();
    let outcomes = s.moves(hounds_turn).unwrap();
    for ((mv, w), outcome) in weights.iter().zip(&outcomes) {
        assert_eq!(*mv, outcome.mv);
        if *w > 0.0 {
            assert_eq!(outcome.evaluation.winner(), Side::Hounds);
        }
    }
    assert!(weights.iter().any(|w| w.1 == 0.0));
}

// ---------------------------------------------------------------------------
// API edges.

#[test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(BoardSize::new(1).is_err());
    assert!(BoardSize::new(11).is_err());
    let s = eight();
    let e8: Square = "e8".parse().unwrap();
    let b1: Square = "b1".parse().unwrap();
    assert!("z9".parse::<Square>().is_err());
    assert!(matches!(
        Position::new(BoardSize::EIGHT, e8, &[b1], Side::Fox),
        Err(PositionError::WrongHoundCount { .. })
    ));
    let dark: Square = "a1".parse().unwrap();
    let hounds: Vec<Square> = ["b1", "d1", "f1", "h1"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(matches!(
        Position::new(BoardSize::EIGHT, dark, &hounds, Side::Fox),
        Err(PositionError::DarkSquare(_))
    ));
    assert!(Position::new(BoardSize::EIGHT, b1, &hounds, Side::Fox).is_err());
    // Hounds to move in the initial set-up never happens.
    let p = Position::new(BoardSize::EIGHT, e8, &hounds, Side::Hounds).unwrap();
    assert_eq!(s.evaluate(&p), Err(PositionError::Unreachable));
    assert!(matches!(
        s.evaluate(&Position::initial(size(6))),
        Err(PositionError::SizeMismatch { .. })
    ));
    assert!("Fox to move\n+--+\n|Q |\n| H|\n+--+"
        .parse::<Position>()
        .is_err());
    let initial = s.initial_position();
    let illegal = fogbound_solvers::fox_hounds::Move { from: e8, to: b1 };
    assert_eq!(s.play(&initial, illegal), Err(PositionError::IllegalMove));
}

#[test]
fn progress_reports_passes_and_cancels() {
    let mut passes = Vec::new();
    let mut log = |pass: &str, done: u64, total: u64| {
        assert!(done <= total);
        if passes.last().map(String::as_str) != Some(pass) {
            passes.push(pass.to_string());
        }
        Ok(())
    };
    solve(size(6), &mut log).unwrap();
    assert_eq!(passes, ["reachable", "values", "games"]);
    let mut calls = 0;
    let mut cancel = |_: &str, _: u64, _: u64| {
        calls += 1;
        if calls > 3 {
            Err(Cancelled)
        } else {
            Ok(())
        }
    };
    assert!(solve(size(6), &mut cancel).is_err());
}

#[test]
fn play_a_game_along_the_best_moves() {
    let s = eight();
    let mut position = s.initial_position();
    let mut plies = 0;
    while !s.is_over(&position).unwrap() {
        let expected = s.evaluate(&position).unwrap();
        let best = s.moves(&position).unwrap().remove(0);
        assert_eq!(best.evaluation.plies() + 1, expected.plies());
        position = s.play(&position, best.mv).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 44);
    assert_eq!(
        s.evaluate(&position).unwrap(),
        Evaluation::HoundsWin { plies: 0 }
    );
}
