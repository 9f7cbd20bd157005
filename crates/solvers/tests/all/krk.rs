//! King+Rook vs King: the write-up's 8×8 figures, small boards against an
//! independent brute-force minimax, and the table's play API.
//!
//! The 16×16 run is opt-in (about 1 s in release, longer in debug):
//! `cargo test --release -p fogbound-solvers --test all -- --ignored krk::`.

use fogbound_solvers::krk::{check_size, pass, solve, Piece, Position, Side, Square, Value};
use fogbound_solvers::Cancelled;
use std::collections::HashMap;

use crate::support::solved;

#[test]
fn eight_by_eight_matches_the_published_figures() {
    let t = solved(8);
    let s = t.summary();
    assert_eq!(s.size, 8);
    assert_eq!(s.white_to_move_positions, 175_168);
    assert_eq!(s.white_to_move_won, 175_168);
    assert_eq!(s.white_to_move_drawn, 0);
    assert_eq!(s.black_to_move_positions, 223_944);
    assert_eq!(s.black_to_move_stalemate_or_capture, 22_244);
    assert_eq!(s.black_to_move_stalemate, 68);
    assert_eq!(s.black_to_move_rook_capturable, 22_176);
    assert_eq!((s.max_dtm_white_to_move, s.max_dtm_black_to_move), (16, 16));
    assert_eq!(
        s.black_to_move_stalemate + s.black_to_move_rook_capturable,
        22_244
    );
    // "90% won": every other position with Black to move is won.
    assert_eq!(s.black_to_move_won, 223_944 - 22_244);
    assert_eq!(s.black_to_move_won_percent().round(), 90.0);
    assert_eq!(s.max_dtm, 16);
    assert_eq!(s.dtm_white_to_move.iter().sum::<u64>(), s.white_to_move_won);
    assert_eq!(s.dtm_black_to_move.iter().sum::<u64>(), s.black_to_move_won);
    assert_eq!(s.dtm_black_to_move[0], s.black_to_move_checkmated);
    assert!(s.peak_bytes >= 2 * 64 * 64 * 64);
}

/// The longest forced mates of the growth table, n = 3 … 16 (White's moves).
const MAX_DTM: [u32; 14] = [3, 7, 10, 12, 14, 16, 18, 21, 23, 25, 28, 30, 33, 35];

#[test]
fn longest_mates_up_to_twelve_match_the_growth_table() {
    for n in 3..=12 {
        assert_eq!(solved(n).summary().max_dtm, MAX_DTM[n - 3], "{n}×{n}");
    }
}

#[test]
#[ignore = "seconds in release; run with --release -- --ignored"]
fn longest_mates_from_thirteen_to_sixteen_match_the_growth_table() {
    for n in 13..=16 {
        assert_eq!(solved(n).summary().max_dtm, MAX_DTM[n - 3], "{n}×{n}");
    }
}

/// 16×16, the native goal of issue 5 (≤ 10 s). Run with
/// `cargo test --release -p fogbound-solvers --test all -- --ignored krk::`.
#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn sixteen_by_sixteen_is_won_from_every_white_to_move_position() {
    let t = solved(16);
    let s = t.summary();
    assert_eq!(s.white_to_move_won, s.white_to_move_positions);
    assert_eq!(
        s.black_to_move_won + s.black_to_move_stalemate_or_capture,
        s.black_to_move_positions
    );
    // Kings apart, three distinct squares: 256·255 ordered king pairs less
    // the 2·(n − 1)(2n − 1) = 930 touching pairs counted both ways.
    assert_eq!(s.black_to_move_positions, (256 * 255 - 2 * 930) * 254);
    eprintln!("16×16: max DTM {}", s.max_dtm);
}

// ---------------------------------------------------------------------------
// An independent brute force: coordinates, simple move generation and a
// memoised depth-limited minimax ("can White mate within k moves?").
// ---------------------------------------------------------------------------

type Xy = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Pos {
    wk: Xy,
    wr: Xy,
    bk: Xy,
    white: bool,
}

struct Brute {
    n: i32,
    memo: HashMap<(Pos, u32), bool>,
}

impl Brute {
    fn on(&self, s: Xy) -> bool {
        (0..self.n).contains(&s.0) && (0..self.n).contains(&s.1)
    }

    fn near(a: Xy, b: Xy) -> bool {
        (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
    }

    /// The rook on `r` sees `t`: same line, nothing but the black king's
    /// old square (ignored) between; `wk` blocks.
    fn rook_sees(r: Xy, t: Xy, wk: Xy) -> bool {
        if r == t || (r.0 != t.0 && r.1 != t.1) {
            return false;
        }
        let step = ((t.0 - r.0).signum(), (t.1 - r.1).signum());
        let mut s = (r.0 + step.0, r.1 + step.1);
        while s != t {
            if s == wk {
                return false;
            }
            s = (s.0 + step.0, s.1 + step.1);
        }
        true
    }

    fn legal(&self, p: &Pos) -> bool {
        let distinct = p.wk != p.wr && p.wk != p.bk && p.wr != p.bk;
        distinct && !Self::near(p.wk, p.bk) && (!p.white || !Self::rook_sees(p.wr, p.bk, p.wk))
    }

    const STEPS: [Xy; 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];

    /// Positions after White's legal moves.
    fn white_moves(&self, p: &Pos) -> Vec<Pos> {
        let mut out = Vec::new();
        for (dx, dy) in Self::STEPS {
            let to = (p.wk.0 + dx, p.wk.1 + dy);
            if self.on(to) && to != p.wr && !Self::near(to, p.bk) {
                out.push(Pos {
                    wk: to,
                    white: false,
                    ..*p
                });
            }
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let mut to = (p.wr.0 + dx, p.wr.1 + dy);
            while self.on(to) && to != p.wk && to != p.bk {
                out.push(Pos {
                    wr: to,
                    white: false,
                    ..*p
                });
                to = (to.0 + dx, to.1 + dy);
            }
        }
        out
    }

    /// Black's options: `None` for taking the rook, else the new position.
    fn black_moves(&self, p: &Pos) -> Vec<Option<Pos>> {
        let mut out = Vec::new();
        for (dx, dy) in Self::STEPS {
            let to = (p.bk.0 + dx, p.bk.1 + dy);
            if !self.on(to) || Self::near(to, p.wk) {
                continue;
            }
            if to == p.wr {
                out.push(None);
            } else if !Self::rook_sees(p.wr, to, p.wk) {
                out.push(Some(Pos {
                    bk: to,
                    white: true,
                    ..*p
                }));
            }
        }
        out
    }

    /// Can White force mate within `k` White moves?
    fn mates_within(&mut self, p: Pos, k: u32) -> bool {
        if let Some(&known) = self.memo.get(&(p, k)) {
            return known;
        }
        let answer = if p.white {
            k > 0
                && self
                    .white_moves(&p)
                    .into_iter()
                    .any(|q| self.mates_within(q, k - 1))
        } else {
            let moves = self.black_moves(&p);
            if moves.is_empty() {
                Self::rook_sees(p.wr, p.bk, p.wk) // mate, or stalemate
            } else {
                moves.into_iter().all(|q| match q {
                    None => false,
                    Some(q) => self.mates_within(q, k),
                })
            }
        };
        self.memo.insert((p, k), answer);
        answer
    }
}

fn to_square(s: Xy) -> Square {
    Square::new(s.0 as usize, s.1 as usize).unwrap()
}

/// Every placement of the three pieces with either side to move, legal or
/// not, checked against the brute force.
fn check_against_brute_force(n: usize) {
    let table = solved(n);
    let mut brute = Brute {
        n: n as i32,
        memo: HashMap::new(),
    };
    let max = table.summary().max_dtm;
    // A won position mates within max; checking max + 4 shows draws stay draws.
    let limit = max + 4;
    let cells: Vec<Xy> = (0..n as i32)
        .flat_map(|x| (0..n as i32).map(move |y| (x, y)))
        .collect();
    let (mut legal_white, mut legal_black, mut won_black) = (0u64, 0u64, 0u64);
    for &wk in &cells {
        for &wr in &cells {
            for &bk in &cells {
                for white in [true, false] {
                    let p = Pos { wk, wr, bk, white };
                    let position = Position {
                        white_king: to_square(wk),
                        white_rook: to_square(wr),
                        black_king: to_square(bk),
                        to_move: if white { Side::White } else { Side::Black },
                    };
                    let value = table.value(&position);
                    if !brute.legal(&p) {
                        assert_eq!(value, Value::Illegal, "{position}");
                        continue;
                    }
                    if white {
                        legal_white += 1;
                    } else {
                        legal_black += 1;
                    }
                    let dtm = (0..=limit).find(|&k| brute.mates_within(p, k));
                    match (dtm, value) {
                        (Some(d), Value::WhiteWins { moves }) => {
                            assert_eq!(u32::from(moves), d, "{position}");
                            won_black += u64::from(!white);
                        }
                        (None, v) if v.is_draw() => {
                            if !white {
                                let moves = brute.black_moves(&p);
                                let capture = moves.contains(&None);
                                let stalemate =
                                    moves.is_empty() && !Brute::rook_sees(p.wr, p.bk, p.wk);
                                let expected = if capture {
                                    Value::RookCapturable
                                } else if stalemate {
                                    Value::Stalemate
                                } else {
                                    Value::Draw
                                };
                                assert_eq!(v, expected, "{position}");
                            }
                        }
                        (d, v) => panic!("{position}: brute force {d:?}, table {v:?}"),
                    }
                }
            }
        }
    }
    let s = table.summary();
    assert_eq!(s.white_to_move_positions, legal_white);
    assert_eq!(s.black_to_move_positions, legal_black);
    assert_eq!(s.black_to_move_won, won_black);
}

#[test]
fn three_by_three_matches_brute_force() {
    check_against_brute_force(3);
}

#[test]
fn four_by_four_matches_brute_force() {
    check_against_brute_force(4);
}

/// The table is consistent with its own moves (a verifier in the Syzygy
/// sense): a win in d has a move to a loss in d − 1 and none quicker; a
/// loss in d has every move losing in at most d and one in exactly d.
#[test]
fn values_agree_with_moves_on_five_and_six() {
    for n in [5, 6] {
        let t = solved(n);
        for side in [Side::White, Side::Black] {
            for seed in 0..3000 {
                let p = t.random_position(side, seed);
                let value = t.value(&p);
                let moves = t.moves(&p);
                match (side, value) {
                    (Side::White, Value::WhiteWins { moves: d }) => {
                        let best = moves.first().expect("a won position has moves");
                        assert_eq!(best.value, Value::WhiteWins { moves: d - 1 }, "{p}");
                    }
                    (Side::White, _) => {
                        assert!(moves.iter().all(|m| m.value.is_draw()), "{p}")
                    }
                    (Side::Black, Value::WhiteWins { moves: 0 }) => assert!(moves.is_empty()),
                    (Side::Black, Value::WhiteWins { moves: d }) => {
                        assert_eq!(moves[0].value, Value::WhiteWins { moves: d }, "{p}");
                        assert!(moves.iter().all(|m| !m.value.is_draw()), "{p}");
                    }
                    (Side::Black, Value::Stalemate) => assert!(moves.is_empty()),
                    (Side::Black, Value::RookCapturable) => {
                        assert!(moves[0].mv.captures_rook && moves[0].after.is_none(), "{p}")
                    }
                    (Side::Black, Value::Draw) => assert!(moves[0].value.is_draw(), "{p}"),
                    (_, Value::Illegal) => panic!("random_position gave an illegal {p}"),
                }
                for m in &moves {
                    if let Some(after) = m.after {
                        assert_eq!(t.value(&after), m.value);
                        assert_eq!(after.to_move, side.other());
                    }
                }
            }
        }
    }
}

#[test]
fn moves_are_sorted_best_first_for_the_mover() {
    let t = solved(8);
    let p = Position::parse("Kd4 Rh1 ke6 w", 8).unwrap();
    assert_eq!(t.value(&p), Value::WhiteWins { moves: 11 });
    let moves = t.moves(&p);
    let dtms: Vec<u8> = moves
        .iter()
        .map(|m| match m.value {
            Value::WhiteWins { moves } => moves,
            v => panic!("{v:?}"),
        })
        .collect();
    assert!(dtms.windows(2).all(|w| w[0] <= w[1]), "{dtms:?}");
    assert_eq!(dtms[0], 10);

    // Black next to an unguarded rook takes it first.
    let p = Position::parse("Ka1 Rd5 ke5 b", 8).unwrap();
    assert_eq!(t.value(&p), Value::RookCapturable);
    let best = t.best_move(&p).unwrap();
    assert_eq!(best.mv.to_string(), "ke5xd5");
    assert_eq!(best.mv.piece, Piece::BlackKing);
    assert_eq!(best.value, Value::Draw);

    // Black prefers the longest defence.
    let p = Position::parse("Kc3 Rb7 kd5 b", 8).unwrap();
    let moves = t.moves(&p);
    let dtms: Vec<u8> = moves
        .iter()
        .map(|m| match m.value {
            Value::WhiteWins { moves } => moves,
            v => panic!("{v:?}"),
        })
        .collect();
    assert!(dtms.windows(2).all(|w| w[0] >= w[1]), "{dtms:?}");
    assert_eq!(t.value(&p), Value::WhiteWins { moves: dtms[0] });
}

#[test]
fn classic_positions() {
    let t = solved(8);
    let value = |text: &str| t.value(&Position::parse(text, 8).unwrap());
    assert_eq!(value("Kc3 Ra1 ka3 b"), Value::WhiteWins { moves: 0 }); // mate on the edge
    assert!(value("Kc3 Ra1 ka3 b").is_checkmate());
    assert_eq!(value("Ka6 Rb1 ka8 b"), Value::Stalemate);
    assert_eq!(value("Ke1 Ra8 ke8 w"), Value::Illegal); // Black in check, White to move
    assert!(matches!(
        value("Ke1 Ra8 ke8 b"),
        Value::WhiteWins { moves: 1.. }
    )); // check, not mate
    assert_eq!(value("Ke1 Rh1 ke2 b"), Value::Illegal); // kings touch
    assert_eq!(value("Ka1 Rh8 kh1 w"), Value::Illegal);
    // Off the board for the table: illegal, not a panic.
    let big = Position::parse("Kp16 Ra1 kc3 w", 16).unwrap();
    assert_eq!(t.value(&big), Value::Illegal);
    assert!(t.moves(&big).is_empty());
}

#[test]
fn random_positions_are_legal_reproducible_and_filtered() {
    let t = solved(6);
    for side in [Side::White, Side::Black] {
        for seed in 0..200 {
            let p = t.random_position(side, seed);
            assert_eq!(p, t.random_position(side, seed));
            assert_eq!(p.to_move, side);
            assert_ne!(t.value(&p), Value::Illegal);
        }
    }
    let deep = t.summary().max_dtm_white_to_move as u8;
    let p = t
        .random_position_where(Side::White, 7, |v| v == Value::WhiteWins { moves: deep })
        .unwrap();
    assert_eq!(t.value(&p), Value::WhiteWins { moves: deep });
    assert!(t
        .random_position_where(Side::White, 7, |v| v == Value::Stalemate)
        .is_none());
}

#[test]
fn progress_names_passes_and_cancels() {
    let mut seen = Vec::new();
    let t = solve(5, &mut |pass: &str, done: u64, total: u64| {
        assert!(done <= total, "{pass}: {done}/{total}");
        if seen.last().map(String::as_str) != Some(pass) {
            seen.push(pass.to_string());
        }
        Ok(())
    });
    assert!(t.is_ok());
    assert_eq!(seen, [pass::CLASSIFY, pass::RETROGRADE, pass::SUMMARY]);
    for stop_in in [pass::CLASSIFY, pass::RETROGRADE, pass::SUMMARY] {
        let result = solve(6, &mut |pass: &str, _: u64, _: u64| {
            if pass == stop_in {
                Err(Cancelled)
            } else {
                Ok(())
            }
        });
        assert_eq!(result.err(), Some(Cancelled), "{stop_in}");
    }
}

#[test]
fn sizes_are_checked() {
    assert!(check_size(2).is_err());
    assert!(check_size(3).is_ok());
    assert!(check_size(26).is_ok());
    assert!(check_size(27).is_err());
    assert!(Position::parse("Ka1 Rb1 kc3", 8).is_err());
    assert!(Position::parse("Ka1 Rb1 kc9 w", 8).is_err());
    assert!(Position::parse("Ka1 Ka2 kc3 w", 8).is_err());
    assert!(Position::parse("ka1 Rb1 Kc3 b", 8).is_ok());
}
