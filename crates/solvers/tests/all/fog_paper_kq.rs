//! The paper's K+Q strategy (`fog_endgame::paper_kq`; Gehnen & Stannat, section 2)
//! checked from outside: every move it plays is legal and safe by a check
//! written here with coordinates (not the solver's tables), its worst case
//! is never below the exact optimum of the same start, and a few positions
//! from the paper's lemmas get the paper's moves.
//!
//! `cargo test -p fogbound-solvers --profile checked --test all -- fog_paper_kq::`
//! (a few seconds). The 8×8 figures come from
//! `fogbound fog-endgame --material KQ --strategy paper` (see READINGS.md).

use fogbound_solvers::fog_endgame::board::bits;
use fogbound_solvers::fog_endgame::paper_kq::{
    with_stack, Outcome, PaperKq, RaiseRule, Rule, Stage, StrategyLine,
};
use fogbound_solvers::fog_endgame::{self, Board, Material, Reading};
use fogbound_solvers::progress::Silent;

use crate::support::fog_square as sq;

fn coords(sq: u8) -> (i32, i32) {
    ((sq % 8) as i32, (sq / 8) as i32)
}

fn touching(a: u8, b: u8) -> bool {
    let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
    a != b && (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
}

/// A king's step or a queen's move on the n×n board with the other white
/// man in the way, by coordinates.
fn legal(n: i32, from: [u8; 2], to: [u8; 2]) -> bool {
    let on = |s: u8| coords(s).0 < n && coords(s).1 < n;
    if !on(to[0]) || !on(to[1]) || to[0] == to[1] {
        return false;
    }
    match (from[0] != to[0], from[1] != to[1]) {
        (true, false) => touching(from[0], to[0]),
        (false, true) => {
            let ((f0, r0), (f1, r1)) = (coords(from[1]), coords(to[1]));
            let (df, dr) = (f1 - f0, r1 - r0);
            if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
                return false;
            }
            let steps = df.abs().max(dr.abs());
            (1..steps).all(|i| {
                let sq = (r0 + dr.signum() * i) * 8 + f0 + df.signum() * i;
                sq as u8 != from[0]
            })
        }
        _ => false,
    }
}

/// After White's move, no square where the black king may be touches the
/// white king, and a queen it touches is next to her king.
fn safe(men: [u8; 2], set: u64) -> bool {
    bits(set).all(|b| !touching(b, men[0]) && (!touching(b, men[1]) || touching(men[0], men[1])))
}

/// The squares White sees after its move (king steps, queen rays that stop
/// at the king), by coordinates.
fn sight(n: i32, men: [u8; 2]) -> u64 {
    let mut seen = 0u64;
    let (kf, kr) = coords(men[0]);
    let (qf, qr) = coords(men[1]);
    for df in -1..=1 {
        for dr in -1..=1 {
            if (df, dr) == (0, 0) {
                continue;
            }
            let (f, r) = (kf + df, kr + dr);
            if (0..n).contains(&f) && (0..n).contains(&r) {
                seen |= 1 << (r * 8 + f);
            }
            let (mut f, mut r) = (qf + df, qr + dr);
            while (0..n).contains(&f) && (0..n).contains(&r) && (f, r) != (kf, kr) {
                seen |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
        }
    }
    seen & !(1 << men[0] | 1 << men[1])
}

fn steps(n: i32, set: u64) -> u64 {
    let mut out = 0u64;
    for sq in bits(set) {
        let (f0, r0) = coords(sq);
        for df in -1..=1 {
            for dr in -1..=1 {
                let (f, r) = (f0 + df, r0 + dr);
                if (df, dr) != (0, 0) && (0..n).contains(&f) && (0..n).contains(&r) {
                    out |= 1 << (r * 8 + f);
                }
            }
        }
    }
    out
}

type Key = ([u8; 2], u64, Stage, Option<u8>);

/// The policy's worst case from a state by a recursion of its own: what
/// White sees and the king's answers by coordinates (sighted), a state met
/// again on the line a failure (`None`), as is any unsafe move.
fn worst_case(
    n: i32,
    s: &PaperKq,
    key: Key,
    memo: &mut std::collections::HashMap<Key, Option<u16>>,
    line: &mut std::collections::HashSet<Key>,
) -> Option<u16> {
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    if !line.insert(key) {
        return None;
    }
    let (men, set, stage, seen) = key;
    let value = (|| {
        let d = s.decide_seen(men[0], men[1], set, stage, seen)?;
        let to = [d.king, d.queen];
        if !legal(n, men, to) || !safe(to, set) {
            return None;
        }
        let visible = sight(n, to) | 1 << to[0] | 1 << to[1];
        let remember = s.raise_rule == RaiseRule::Paper;
        let mut answers = Vec::new();
        let unseen = set & !visible;
        if unseen != 0 {
            answers.push((steps(n, unseen) & !visible, None));
        }
        for sq in bits(set & visible) {
            answers.push((steps(n, 1 << sq) & !visible, Some(sq).filter(|_| remember)));
        }
        let mut worst = 1;
        for (b, at) in answers {
            if b != 0 {
                worst = worst.max(worst_case(n, s, (to, b, d.stage, at), memo, line)?);
            }
        }
        Some(worst + 1)
    })();
    line.remove(&key);
    memo.insert(key, value);
    value
}

#[test]
fn the_evaluator_agrees_with_a_recursion_written_here() {
    with_stack(|| {
        for (n, raise_rule) in [
            (5, RaiseRule::Paper),
            (5, RaiseRule::Careful),
            (5, RaiseRule::CarefulTurning),
            (6, RaiseRule::Careful),
        ] {
            let mut s = PaperKq::new(n, Reading::Sighted).unwrap();
            s.raise_rule = raise_rule;
            let mut memo = std::collections::HashMap::new();
            let mut line = std::collections::HashSet::new();
            let (mut won, mut failed) = (0, 0);
            for (code, king) in fog_endgame::results::starts(&s.table) {
                let p = s.table.placement(code);
                let key = ([p[0], p[1]], 1u64 << king, Stage::Corner, None);
                let mine = worst_case(n as i32, &s, key, &mut memo, &mut line);
                let theirs = match s.start_outcome(code, king) {
                    Outcome::Won(v) => Some(v),
                    Outcome::Failed(_) => None,
                };
                assert_eq!(mine, theirs, "{n} {raise_rule:?}: start {code} k{king}");
                if mine.is_some() {
                    won += 1;
                } else {
                    failed += 1;
                }
            }
            assert!(won > 0, "{n} {raise_rule:?}");
            assert!(
                failed > 0 || raise_rule != RaiseRule::Careful,
                "{n} {raise_rule:?}"
            );
        }
    });
}

fn evaluated(n: usize, raise_rule: RaiseRule) -> PaperKq {
    let mut s = PaperKq::new(n, Reading::Sighted).unwrap();
    s.raise_rule = raise_rule;
    let starts = fog_endgame::results::starts(&s.table);
    for &(code, king) in &starts {
        s.start_outcome(code, king);
    }
    s
}

#[test]
fn every_move_the_policy_plays_is_legal_and_safe() {
    with_stack(|| {
        for (n, raise_rule) in [
            (5, RaiseRule::Careful),
            (6, RaiseRule::Careful),
            (6, RaiseRule::CarefulTurning),
            (6, RaiseRule::Paper),
        ] {
            let s = evaluated(n, raise_rule);
            let visited = s.visited();
            assert!(visited.len() > 1000, "{n}: {} states", visited.len());
            for (men, set, stage, seen) in visited {
                let Some(d) = s.decide_seen(men[0], men[1], set, stage, seen) else {
                    continue;
                };
                let to = [d.king, d.queen];
                assert!(
                    legal(n as i32, men, to),
                    "{n}: {men:?} -> {to:?} ({:?})",
                    d.rule
                );
                assert!(
                    safe(to, set),
                    "{n}: {men:?} -> {to:?} with {set:#x} ({:?})",
                    d.rule
                );
            }
        }
    });
}

#[test]
fn the_strategy_never_beats_the_optimum() {
    with_stack(|| {
        for (n, raise_rule) in [
            (4, RaiseRule::Careful),
            (5, RaiseRule::Careful),
            (6, RaiseRule::Careful),
            (6, RaiseRule::CarefulTurning),
            (6, RaiseRule::Paper),
        ] {
            let solution =
                fog_endgame::solve(n, Material::KQ, Reading::Sighted, &mut Silent).unwrap();
            let mut s = PaperKq::new(n, Reading::Sighted).unwrap();
            s.raise_rule = raise_rule;
            let starts = fog_endgame::results::starts(&s.table);
            let mut won = 0;
            for &(code, king) in &starts {
                let best = solution.value(code, 1 << king).unwrap();
                assert!(best >= 2, "every K+Q start is won");
                if let Outcome::Won(v) = s.start_outcome(code, king) {
                    won += 1;
                    assert!(v >= best, "{n}: start {code} k{king}: {v} < optimum {best}");
                }
            }
            assert!(won > 0, "{n}: nothing won");
        }
        // 4×4: every reading wins everywhere (the optimum: at most 4).
        for raise_rule in RaiseRule::ALL {
            let r = fog_endgame::paper_kq::evaluate(4, Reading::Sighted, 1, raise_rule).unwrap();
            assert_eq!((r.starts, r.won, r.below_optimum), (812, 812, 0));
            assert_eq!(r.optimum_max_moves, 4);
        }
        // `paper` (Lemma 8 as written) wins every 6×6 start, in more moves
        // than the optimum's 12.
        let r = fog_endgame::paper_kq::evaluate(6, Reading::Sighted, 1, RaiseRule::Paper).unwrap();
        assert_eq!((r.starts, r.won, r.below_optimum), (19360, 19360, 0));
        assert_eq!(r.optimum_max_moves, 12);
        assert!(r.max_moves > 12 && r.mean_excess > 0.0);
    });
}

fn moves(line: &StrategyLine) -> Vec<String> {
    line.steps.iter().map(|s| s.white_move.clone()).collect()
}

fn line(start: [&str; 3]) -> StrategyLine {
    let b = Board::new(8).unwrap();
    fog_endgame::paper_kq::strategy_line(
        8,
        Reading::Sighted,
        RaiseRule::Paper,
        sq(b, start[0]),
        sq(b, start[1]),
        sq(b, start[2]),
    )
    .unwrap()
}

#[test]
fn stage_one_plays_the_papers_moves() {
    with_stack(|| {
        let b = Board::new(8).unwrap();
        let s = PaperKq::new(8, Reading::Sighted).unwrap();
        // Lemma 2, case 3 (king on A4): queen to B3, king to A3, queen to B2,
        // king to A2 and A1 — the corner configuration.
        let l = line(["a4", "b4", "h8"]);
        assert_eq!(moves(&l)[..5], ["Qb3", "Ka3", "Qb2", "Ka2", "Ka1"]);
        assert!(s.corner_configuration(sq(b, "a1"), sq(b, "b2")));
        // Lemma 2, case 1 (king on C5): queen to B5, to A5, king to B5.
        let l = line(["c5", "c6", "h2"]);
        assert_eq!(moves(&l)[..3], ["Qb5", "Qa5", "Kb5"]);
        // Lemma 5: no square next to the king in one queen move; of the two
        // waypoints (D8, E4) the one not next to the black king (C7).
        let d = s
            .decide(sq(b, "c3"), sq(b, "e8"), 1 << sq(b, "c7"), Stage::Corner)
            .unwrap();
        assert_eq!((d.queen, d.rule), (sq(b, "e4"), Rule::QueenWaypoint));
        let d = s
            .decide(sq(b, "c3"), sq(b, "e8"), 1 << sq(b, "h1"), Stage::Corner)
            .unwrap();
        assert_eq!((d.queen, d.rule), (sq(b, "d8"), Rule::QueenWaypoint));
        // Lemmas 3–4: a king in the centre steps out of it, away from the
        // black king.
        let d = s
            .decide(sq(b, "d4"), sq(b, "a8"), 1 << sq(b, "h8"), Stage::Corner)
            .unwrap();
        assert_eq!(d.rule, Rule::LeaveCentre);
        assert!(!s.central(d.king));
        assert!(["c3", "c4", "c5", "d3", "e3"].contains(&Board::name(d.king).as_str()));
        // Every start reaches the corner configuration (or the capture).
        let mut s = PaperKq::new(6, Reading::Sighted).unwrap();
        for (code, king) in fog_endgame::results::starts(&s.table) {
            assert!(s.corner_moves(code, 1 << king).is_some());
        }
    });
}

#[test]
fn stage_two_pushes_as_lemma_seven_says() {
    with_stack(|| {
        // Lemma 7: king A1, queen A2, the black king on the first rank: the
        // queen steps right along the second rank, the king after her,
        // until the black king, seen, runs out of squares.
        let l = line(["a1", "a2", "e1"]);
        assert!(matches!(l.outcome, Outcome::Won(_)), "{l:?}");
        // (The policy may name these moves a push along the b-file on the
        // board turned a quarter; the moves are the paper's.)
        assert_eq!(
            moves(&l),
            ["Qb2", "Kb1", "Qc2", "Kc1", "Qd2", "Kd1", "Qe2", "Qf2"]
        );
        assert_eq!(l.outcome, Outcome::Won(9));
        assert_eq!(l.steps.last().unwrap().rule, Rule::Stalemate);
        // A start the strategy does not win: Black returns to a position
        // already on the line, and the report says so.
        let l = line(["a1", "a2", "e5"]);
        assert_eq!(
            l.outcome,
            Outcome::Failed(fog_endgame::paper_kq::Failure::Loop)
        );
        assert!(l.loops_to.is_some());
    });
}
